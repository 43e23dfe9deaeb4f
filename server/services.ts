import type { Redis } from "ioredis";
import type { Marketplace } from "../src/contract/marketplace.ts";
import { createServerTranslator } from "../src/translate/node/create-server-translator.ts";
import type { Translator } from "../src/translate/port.ts";
import { AccountStore } from "./accounts/account-store.ts";
import { Authenticator } from "./accounts/authenticator.ts";
import { KeyUsageRecorder } from "./accounts/key-usage.ts";
import { ExtensionTokenStore } from "./app/extension-token-store.ts";
import { Ledger, type LedgerOptions } from "./billing/ledger.ts";
import type { PriceBook } from "./billing/prices.ts";
import type { Config } from "./config.ts";
import { CredentialStore } from "./dashboard/credential-store.ts";
import { httpMailer, logMailer, type Mailer } from "./dashboard/mailer.ts";
import { SessionStore } from "./dashboard/session-store.ts";
import { SignInThrottle } from "./dashboard/sign-in-throttle.ts";
import { FontChecker } from "./fonts/font-checker.ts";
import { UserFontStore } from "./fonts/font-store.ts";
import { UserFonts } from "./fonts/user-fonts.ts";
import { IdempotencyStore } from "./gateway/idempotency.ts";
import { EnginePool } from "./imaging/engine-pool.ts";
import { Capacity } from "./limits/capacity.ts";
import { KeyRateLimiter } from "./limits/rate-limiter.ts";
import type { MarketplaceModule } from "./marketplaces/types.ts";
import { PaymentService } from "./payments/payment-service.ts";
import type { PaymentsProvider } from "./payments/port.ts";
import { sandboxProvider } from "./payments/sandbox-provider.ts";
import { stripeProvider } from "./payments/stripe-provider.ts";
import { createInvalidations, type InvalidationBus, type Invalidations } from "./platform/invalidations.ts";
import { createLogger, type Logger } from "./platform/logger.ts";
import type { Database } from "./storage/database.ts";

/** Everything a handler may use, built once per process and put on the Hono context. */
export interface Services {
  config: Config;
  db: Database;
  accounts: AccountStore;
  authenticator: Authenticator;
  keyUsage: KeyUsageRecorder;
  ledger: Ledger;
  /** Broadcasts revocations, suspensions and deletions so every process drops its cached copy at once. */
  invalidations: Invalidations;
  /** Idempotency-Key of charged calls, kept in the database (shared by every process). */
  idempotency: IdempotencyStore;
  prices: PriceBook;
  rateLimiter: KeyRateLimiter;
  capacity: Capacity;
  marketplaces: Partial<Record<Marketplace, MarketplaceModule>>;
  /** The image engine's worker threads (they start on first use). */
  imaging: EnginePool;
  /** Dashboard: passwords, browser sessions, sign-in throttling, mail (server/dashboard). */
  credentials: CredentialStore;
  sessions: SessionStore;
  signInThrottle: SignInThrottle;
  mailer: Mailer;
  /** Top-ups through the configured payments provider (server/payments). */
  payments: PaymentService;
  /** Connected extensions' device tokens (server/app). */
  extensionTokens: ExtensionTokenStore;
  /** The server's translator (providers, then the embedded one), made on first use. */
  translator(): Promise<Translator>;
  /** User fonts: uploads (checked in their own worker threads), storage, resolution for translate. */
  fonts: UserFonts;
  logger: Logger;
  clock: () => Date;
  /** The clock in epoch milliseconds, for what runs on every call (no Date made unless injected). */
  clockMs: () => number;
  /** Background work to start (timers) and to stop on shutdown, in order. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceDependencies {
  db: Database;
  redis?: Redis;
  /** Namespaces Redis keys, so tests (and several deployments on one Redis) do not collide. */
  redisKeyPrefix?: string;
  marketplaces?: Partial<Record<Marketplace, MarketplaceModule>>;
  logger?: Logger;
  clock?: () => Date;
  ledger?: LedgerOptions;
  /** By default Redis pub/sub with `redis`, Postgres LISTEN/NOTIFY on Postgres, else in-process. */
  invalidations?: InvalidationBus;
  /** Replaces the configured payments provider (tests). */
  paymentsProvider?: PaymentsProvider;
  mailer?: Mailer;
}

/** Spec, Limits (Custom fonts): soft cap of fonts per user. */
const USER_FONT_SOFT_CAP = 50;
/** Font files kept in memory per process (by content hash; a CJK font is 5 to 20 MiB). */
const USER_FONT_CACHE_BYTES = 96 * 1024 * 1024;

export function createServices(config: Config, deps: ServiceDependencies): Services {
  const clock = deps.clock ?? (() => new Date());
  const injectedClock = deps.clock;
  const clockMs = injectedClock ? () => injectedClock().getTime() : Date.now;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const accounts = new AccountStore(deps.db);
  const keyUsage = new KeyUsageRecorder(accounts);
  const ledger = new Ledger(deps.db, { ...(injectedClock ? { now: injectedClock } : {}), ...deps.ledger });
  const redis = deps.redis ? { client: deps.redis, keyPrefix: deps.redisKeyPrefix ?? "ml:" } : undefined;
  const invalidations =
    deps.invalidations ??
    createInvalidations({
      db: deps.db,
      redis,
      onError: (error) => logger.warn("invalidation bus", { error: String(error) }),
    });
  const authenticator = new Authenticator(accounts, { ttlMs: config.limits.keyCacheTtlMs, now: clockMs });
  invalidations.subscribe("key", (keyId) => authenticator.forgetKey(keyId));
  invalidations.subscribe("account", (accountId) => authenticator.forgetAccount(accountId));
  const extensionTokens = new ExtensionTokenStore(deps.db, {
    ttlMs: config.limits.keyCacheTtlMs,
    now: clock,
  });
  invalidations.subscribe("extension-token", (tokenId) => extensionTokens.forget(tokenId));
  const idempotency = new IdempotencyStore(deps.db);
  let pruning: NodeJS.Timeout | undefined;
  let translator: Promise<Translator> | undefined;
  const imaging = new EnginePool({
    threads: config.limits.imageWorkers,
    translation: config.translation,
    logger,
  });
  const fonts = new UserFonts(new UserFontStore(deps.db), new FontChecker({ logger }), {
    softCap: USER_FONT_SOFT_CAP,
    cacheBytes: USER_FONT_CACHE_BYTES,
    now: clock,
    logger,
  });
  return {
    config,
    db: deps.db,
    accounts,
    authenticator,
    keyUsage,
    ledger,
    invalidations,
    idempotency,
    prices: config.billing,
    rateLimiter: new KeyRateLimiter(redis),
    capacity: new Capacity(
      {
        global: config.limits.capacityGlobal,
        perScope: (scope) =>
          scope === "image-translate" ? config.limits.capacityImage : config.limits.capacityPerMarketplace,
      },
      redis,
    ),
    marketplaces: deps.marketplaces ?? {},
    imaging,
    credentials: new CredentialStore(deps.db, clock),
    sessions: new SessionStore(deps.db, config.dashboard.sessionTtlMs, clock),
    signInThrottle: new SignInThrottle(config.dashboard.signIn, redis),
    mailer: deps.mailer ?? mailerFor(config, logger),
    payments: new PaymentService(
      deps.db,
      ledger,
      deps.paymentsProvider ?? paymentsProviderFor(config),
      logger,
      config.payments.provider === "stripe" ? config.payments.webhookSecret : undefined,
    ),
    extensionTokens,
    translator() {
      translator ??= createServerTranslator(config.translation, {
        onProviderError: (error, provider) => logger.warn("translation provider failed", { provider, error }),
      });
      return translator;
    },
    fonts,
    logger,
    clock,
    clockMs,
    async start() {
      await invalidations.start();
      await ledger.start();
      keyUsage.start();
      pruning = setInterval(() => void idempotency.prune().catch(() => {}), 10 * 60_000);
      pruning.unref();
    },
    async stop() {
      clearInterval(pruning);
      await keyUsage.stop().catch((error) => logger.warn("could not write key usage", { error }));
      await ledger.stop();
      await invalidations.close();
      await imaging.close();
      await fonts.close();
    },
  };
}

function paymentsProviderFor(config: Config): PaymentsProvider {
  const payments = config.payments;
  return payments.provider === "stripe"
    ? stripeProvider({ secretKey: payments.secretKey, apiBase: payments.apiBase })
    : sandboxProvider();
}

function mailerFor(config: Config, logger: Logger): Mailer {
  const mail = config.dashboard.mail;
  return mail.transport === "http" && mail.url
    ? httpMailer({ url: mail.url, from: mail.from, ...(mail.token ? { token: mail.token } : {}) })
    : logMailer(logger);
}

export async function connectRedis(url: string): Promise<Redis> {
  // Loaded only with REDIS_URL: the single-process default never needs the client.
  const { Redis } = await import("ioredis");
  // Commands fail fast while Redis is away (the limiters then fall back to per-process counts) instead
  // of queueing behind a reconnect and stalling every call.
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}
