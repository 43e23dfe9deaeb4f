import { availableParallelism } from "node:os";
import { z } from "zod";
import type { TranslationSettings } from "../src/translate/node/create-server-translator.ts";
import { dollarsToMicros } from "./billing/money.ts";
import type { ConfiguredUpstreams, MarketplacesConfig } from "./marketplaces/upstream-config.ts";

/**
 * The only module that reads process.env. Everything else receives a Config (or a slice of it), so a
 * test builds the real app with whatever settings it needs and nothing leaks in from the shell.
 *
 * Each area owns one section below; keep the env name, its default and its meaning together.
 *
 * A leaf: it imports zod, node:os and money parsing, and types only, so reading a configuration (the
 * admin CLI, a test) never loads the engine pool, piscina or the sandbox. A default or a list that an
 * area needs at configuration time lives here, and the area imports it from here.
 */

/** Faults the embedded sandbox can inject (their meaning: server/sandbox/options.ts). */
export const SANDBOX_FAULT_KINDS = [
  "error",
  "throttle",
  "truncate",
  "refuse",
  "timeout",
  "slow",
  "garbage",
  "token-expired",
] as const;

/** Image engine threads by default: half the cores (its ONNX sessions use several threads each), at least one. */
export function defaultEngineThreads(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

const int = (min: number) => z.coerce.number().int().min(min);
const dollars = z
  .string()
  .regex(/^\d+(\.\d{1,6})?$/, "a dollar amount such as 0.005")
  .transform((v) => dollarsToMicros(v));

const EnvSchema = z.object({
  // --- server ---
  PORT: int(0).max(65535).default(8787),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default("ml:"),
  ADMIN_TOKEN: z.string().min(16, "ADMIN_TOKEN must be at least 16 characters").optional(),
  /** Where `npm run admin` finds the server (default: this machine's PORT). */
  ADMIN_URL: z.string().url().optional(),
  SHUTDOWN_GRACE_MS: int(0).default(30_000),
  /** Browser origins allowed to call /v1 (comma list of exact origins). Unset: none (keys belong on servers). */
  V1_ALLOWED_ORIGINS: z.string().default(""),
  /** Longest wait for a request's headers; past it the connection gets 408 in the envelope and is closed. */
  HTTP_HEADERS_TIMEOUT_MS: int(1000).default(10_000),
  /** Longest wait for a whole request (headers and body), however fast it arrives. */
  HTTP_REQUEST_TIMEOUT_MS: int(1000).default(300_000),
  /** Slowest body accepted, in bytes a second, after HTTP_BODY_GRACE_MS; slower is 408. */
  HTTP_MIN_BODY_RATE: int(1).default(2048),
  HTTP_BODY_GRACE_MS: int(0).default(10_000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),

  // --- billing (spec: Limits, Billing) ---
  /** $ per unit of a marketplace operation. */
  PRICE_PER_UNIT: dollars.prefault("0.001"),
  /** $ per image translate or OCR call (the spec leaves the amount open). */
  PRICE_IMAGE_TRANSLATE: dollars.prefault("0.005"),
  /** Calls a day per account after which the reduced rate applies. */
  REDUCED_RATE_AFTER_CALLS: int(0).default(1000),
  /** Multiplier on every price once an account is past the threshold, in percent. */
  REDUCED_RATE_PERCENT: int(0).max(100).default(80),

  // --- limits ---
  /** Per-key calls a second when the key sets none. */
  DEFAULT_RATE_PER_SECOND: int(1).default(50),
  /** Calls in flight across the whole service before CAPACITY_SATURATED. */
  CAPACITY_GLOBAL: int(1).default(512),
  /** Calls in flight to one marketplace before MARKETPLACE_SATURATED. */
  CAPACITY_PER_MARKETPLACE: int(1).default(128),
  /** Threads running the image engine (each loads the models once); default half the cores. */
  IMAGE_WORKERS: int(1).max(64).optional(),
  /** Image translations in flight (they are CPU-bound) before SERVICE_UNAVAILABLE. */
  CAPACITY_IMAGE: int(1).default(8),
  /** How long a revoked key may still pass on a process that cached it. */
  KEY_CACHE_TTL_MS: int(0).default(500),

  // --- translation (src/translate; keys stay on the server, the embedded translator is always the fallback) ---
  /** Providers per language pair, first match wins: "zh>ko=papago, ja>ko=papago|deepl, *>en=deepl". Unset: embedded only. */
  TRANSLATE_ROUTES: z.string().optional(),
  /** Per provider request, before a retry or the fallback. */
  TRANSLATE_TIMEOUT_MS: int(100).default(8000),
  /** Retries of a transient provider error (429, 5xx, timeout), with exponential backoff. */
  TRANSLATE_RETRIES: int(0).max(5).default(2),
  /** Translations kept in memory (text + pair + provider). */
  TRANSLATE_CACHE_SIZE: int(0).default(10_000),
  /** Papago (NAVER Cloud Platform) application credentials. */
  PAPAGO_CLIENT_ID: z.string().optional(),
  PAPAGO_CLIENT_SECRET: z.string().optional(),
  PAPAGO_BASE_URL: z.string().url().optional(),
  /** DeepL API key (a key ending in ":fx" uses the free endpoint). */
  DEEPL_AUTH_KEY: z.string().optional(),
  DEEPL_BASE_URL: z.string().url().optional(),
  /** Google Cloud Translation v3: project and an OAuth access token minted by the deployment. */
  GOOGLE_TRANSLATE_PROJECT_ID: z.string().optional(),
  GOOGLE_TRANSLATE_ACCESS_TOKEN: z.string().optional(),
  GOOGLE_TRANSLATE_LOCATION: z.string().default("global"),
  GOOGLE_TRANSLATE_BASE_URL: z.string().url().optional(),
  /** An OpenAI-compatible chat completions endpoint (base URL up to /v1), its key and model. */
  OPENAI_TRANSLATE_BASE_URL: z.string().url().optional(),
  OPENAI_TRANSLATE_API_KEY: z.string().optional(),
  OPENAI_TRANSLATE_MODEL: z.string().default("gpt-4o-mini"),

  // --- marketplaces (docs/marketplaces.md): a marketplace without <NAME>_UPSTREAM_URL is served by the
  // embedded sandbox; setting the URL and that API's own credentials is all a real deployment changes ---
  /** Per upstream request; past it the request is aborted and the call answers UPSTREAM_TIMEOUT (unbilled). */
  MARKETPLACE_TIMEOUT_MS: int(100).default(10_000),
  /** Key of the tamper-evident paging cursors (16+ characters). Unset: a random key per process. */
  MARKETPLACE_CURSOR_SECRET: z
    .string()
    .min(16, "MARKETPLACE_CURSOR_SECRET must be at least 16 characters")
    .optional(),
  /** auction = eBay Buy Browse + Commerce Taxonomy, e.g. https://api.ebay.com. */
  AUCTION_UPSTREAM_URL: z.string().url().optional(),
  /** eBay OAuth application keys (client credentials grant)... */
  AUCTION_CLIENT_ID: z.string().optional(),
  AUCTION_CLIENT_SECRET: z.string().optional(),
  /** ...or an application access token minted elsewhere. */
  AUCTION_OAUTH_TOKEN: z.string().optional(),
  /** eBay site for calls without a region (X-EBAY-C-MARKETPLACE-ID). */
  AUCTION_MARKETPLACE_ID: z.string().default("EBAY_US"),
  /** emporium = Amazon Product Advertising API 5.0, e.g. https://webservices.amazon.com. */
  EMPORIUM_UPSTREAM_URL: z.string().url().optional(),
  EMPORIUM_ACCESS_KEY: z.string().optional(),
  EMPORIUM_SECRET_KEY: z.string().optional(),
  /** Associates partner tag, e.g. yourtag-20. */
  EMPORIUM_PARTNER_TAG: z.string().optional(),
  /** SigV4 region of the locale's host (us-east-1 for webservices.amazon.com). */
  EMPORIUM_REGION: z.string().default("us-east-1"),
  /** PA-API Marketplace of the locale. */
  EMPORIUM_MARKETPLACE: z.string().default("www.amazon.com"),
  /** Buyer country of that locale; other `region` values answer 501 OPERATION_UNSUPPORTED. */
  EMPORIUM_COUNTRY: z.string().length(2).default("US"),
  /** megastore = Walmart affiliate product API v2, e.g. https://developer.api.walmart.com/api-proxy/service/affil/product/v2. */
  MEGASTORE_UPSTREAM_URL: z.string().url().optional(),
  MEGASTORE_CONSUMER_ID: z.string().optional(),
  /** PKCS#8 PEM private key (literal \n allowed) whose public half is registered with Walmart. */
  MEGASTORE_PRIVATE_KEY: z.string().optional(),
  MEGASTORE_KEY_VERSION: z.string().default("1"),
  MEGASTORE_PUBLISHER_ID: z.string().optional(),
  /** storefront = Shopify Storefront API: the shop's origin, e.g. https://your-shop.myshopify.com. */
  STOREFRONT_UPSTREAM_URL: z.string().url().optional(),
  /** Public Storefront API access token. */
  STOREFRONT_ACCESS_TOKEN: z.string().optional(),
  STOREFRONT_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}$/, "a Shopify API version such as 2025-01")
    .default("2025-01"),
  /** crossborder = AliExpress open platform sync gateway, e.g. https://api-sg.aliexpress.com. */
  CROSSBORDER_UPSTREAM_URL: z.string().url().optional(),
  CROSSBORDER_APP_KEY: z.string().optional(),
  CROSSBORDER_APP_SECRET: z.string().optional(),
  /** The seller's access token (dropshipping APIs need one). */
  CROSSBORDER_ACCESS_TOKEN: z.string().optional(),
  /** Embedded sandbox: loopback address, catalog seed, documented latency, injected faults. */
  SANDBOX_HOST: z.string().default("127.0.0.1"),
  SANDBOX_SEED: int(0).default(1),
  SANDBOX_LATENCY: z.enum(["true", "false"]).default("true"),
  /** Share of sandbox requests (0..1) that get one of SANDBOX_FAULTS. */
  SANDBOX_FAULT_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Comma list of error, throttle, truncate, refuse, timeout, slow, garbage, token-expired. */
  SANDBOX_FAULTS: z.string().default("error,throttle,truncate,refuse,timeout"),
  SANDBOX_SLOW_MS: int(0).default(3000),
  /** Seller comparison (POST /app/compare): how long an answer is reused for one product, in ms. */
  COMPARE_CACHE_TTL_MS: int(0).default(10 * 60_000),
  /** How long the other marketplaces have to answer a comparison, in ms. */
  COMPARE_DEADLINE_MS: int(100).default(8000),
  /** Comparisons a second per extension token. */
  COMPARE_RATE_PER_SECOND: int(1).default(2),

  // --- dashboard (docs/dashboard.md) ---
  /** "open": anyone may sign up; "invite": only with one of SIGNUP_INVITE_CODES. */
  SIGNUP_MODE: z.enum(["open", "invite"]).default("open"),
  SIGNUP_INVITE_CODES: z.string().default(""),
  /** Starter credit of a new account; default $1.00 with the sandbox payments provider, $0 otherwise. */
  SIGNUP_CREDIT: dollars.optional(),
  /** How long a dashboard sign-in lasts. */
  SESSION_TTL_HOURS: int(1).default(168),
  /** Failed sign-ins per email, and per client address, in SIGNIN_WINDOW_SECONDS before sign-in is refused. */
  SIGNIN_ATTEMPTS_PER_ACCOUNT: int(1).default(5),
  SIGNIN_ATTEMPTS_PER_ADDRESS: int(1).default(20),
  SIGNIN_WINDOW_SECONDS: int(1).default(900),
  /** The dashboard's public origin (https://... behind a proxy): Origin checks, links in mail, payment return URLs. */
  PUBLIC_URL: z.string().url().optional(),
  /** Where mail goes: "log" writes it to the server log; "http" posts it to MAIL_HTTP_URL. */
  MAIL_TRANSPORT: z.enum(["log", "http"]).default("log"),
  MAIL_HTTP_URL: z.string().url().optional(),
  MAIL_HTTP_TOKEN: z.string().optional(),
  MAIL_FROM: z.string().default("Marketlens <no-reply@localhost>"),

  // --- payments (server/payments) ---
  /** "sandbox" credits at once with test money; "stripe" uses Stripe Checkout. */
  PAYMENTS_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().default("https://api.stripe.com"),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  adminToken: string | undefined;
  adminUrl: string;
  shutdownGraceMs: number;
  v1AllowedOrigins: string[];
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    minBodyBytesPerSecond: number;
    bodyGraceMs: number;
  };
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  billing: {
    unitMicros: number;
    imageTranslateMicros: number;
    reducedRateAfterCalls: number;
    reducedRatePercent: number;
  };
  limits: {
    defaultRatePerSecond: number;
    capacityGlobal: number;
    capacityPerMarketplace: number;
    capacityImage: number;
    imageWorkers: number;
    keyCacheTtlMs: number;
  };
  translation: TranslationSettings;
  marketplaces: MarketplacesConfig;
  compare: { cacheTtlMs: number; deadlineMs: number; ratePerSecond: number };
  dashboard: DashboardConfig;
  payments: PaymentsConfig;
}

export interface DashboardConfig {
  signupMode: "open" | "invite";
  inviteCodes: string[];
  signupCreditMicros: number;
  sessionTtlMs: number;
  signIn: { perAccount: number; perAddress: number; windowSeconds: number };
  publicUrl: string | undefined;
  mail: { transport: "log" | "http"; url: string | undefined; token: string | undefined; from: string };
}

export type PaymentsConfig =
  | { provider: "sandbox" }
  | { provider: "stripe"; secretKey: string; webhookSecret: string; apiBase: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads a configuration from an environment (process.env by default); throws one readable ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    adminToken: e.ADMIN_TOKEN,
    adminUrl: e.ADMIN_URL ?? `http://${e.HOST === "0.0.0.0" ? "127.0.0.1" : e.HOST}:${e.PORT}`,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    v1AllowedOrigins: e.V1_ALLOWED_ORIGINS.split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
      minBodyBytesPerSecond: e.HTTP_MIN_BODY_RATE,
      bodyGraceMs: e.HTTP_BODY_GRACE_MS,
    },
    logLevel: e.LOG_LEVEL,
    billing: {
      unitMicros: e.PRICE_PER_UNIT,
      imageTranslateMicros: e.PRICE_IMAGE_TRANSLATE,
      reducedRateAfterCalls: e.REDUCED_RATE_AFTER_CALLS,
      reducedRatePercent: e.REDUCED_RATE_PERCENT,
    },
    limits: {
      defaultRatePerSecond: e.DEFAULT_RATE_PER_SECOND,
      capacityGlobal: e.CAPACITY_GLOBAL,
      capacityPerMarketplace: e.CAPACITY_PER_MARKETPLACE,
      capacityImage: e.CAPACITY_IMAGE,
      imageWorkers: e.IMAGE_WORKERS ?? defaultEngineThreads(),
      keyCacheTtlMs: e.KEY_CACHE_TTL_MS,
    },
    translation: {
      routes: e.TRANSLATE_ROUTES,
      timeoutMs: e.TRANSLATE_TIMEOUT_MS,
      retries: e.TRANSLATE_RETRIES,
      cacheSize: e.TRANSLATE_CACHE_SIZE,
      papago:
        e.PAPAGO_CLIENT_ID && e.PAPAGO_CLIENT_SECRET
          ? { clientId: e.PAPAGO_CLIENT_ID, clientSecret: e.PAPAGO_CLIENT_SECRET, baseUrl: e.PAPAGO_BASE_URL }
          : undefined,
      deepl: e.DEEPL_AUTH_KEY ? { authKey: e.DEEPL_AUTH_KEY, baseUrl: e.DEEPL_BASE_URL } : undefined,
      google:
        e.GOOGLE_TRANSLATE_PROJECT_ID && e.GOOGLE_TRANSLATE_ACCESS_TOKEN
          ? {
              projectId: e.GOOGLE_TRANSLATE_PROJECT_ID,
              accessToken: e.GOOGLE_TRANSLATE_ACCESS_TOKEN,
              location: e.GOOGLE_TRANSLATE_LOCATION,
              baseUrl: e.GOOGLE_TRANSLATE_BASE_URL,
            }
          : undefined,
      openai: e.OPENAI_TRANSLATE_BASE_URL
        ? {
            baseUrl: e.OPENAI_TRANSLATE_BASE_URL,
            apiKey: e.OPENAI_TRANSLATE_API_KEY,
            model: e.OPENAI_TRANSLATE_MODEL,
          }
        : undefined,
    },
    marketplaces: marketplacesConfig(e),
    compare: {
      cacheTtlMs: e.COMPARE_CACHE_TTL_MS,
      deadlineMs: e.COMPARE_DEADLINE_MS,
      ratePerSecond: e.COMPARE_RATE_PER_SECOND,
    },
    dashboard: {
      signupMode: e.SIGNUP_MODE,
      inviteCodes: e.SIGNUP_INVITE_CODES.split(",")
        .map((code) => code.trim())
        .filter(Boolean),
      signupCreditMicros: e.SIGNUP_CREDIT ?? (e.PAYMENTS_PROVIDER === "sandbox" ? 1_000_000 : 0),
      sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
      signIn: {
        perAccount: e.SIGNIN_ATTEMPTS_PER_ACCOUNT,
        perAddress: e.SIGNIN_ATTEMPTS_PER_ADDRESS,
        windowSeconds: e.SIGNIN_WINDOW_SECONDS,
      },
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
      mail: {
        transport: e.MAIL_TRANSPORT,
        url: e.MAIL_HTTP_URL,
        token: e.MAIL_HTTP_TOKEN,
        from: e.MAIL_FROM,
      },
    },
    payments: paymentsConfig(e),
  };
}

// --- dashboard and payments ---

function paymentsConfig(e: z.infer<typeof EnvSchema>): PaymentsConfig {
  const missing: string[] = [];
  if (e.MAIL_TRANSPORT === "http" && !e.MAIL_HTTP_URL)
    missing.push("MAIL_HTTP_URL: required when MAIL_TRANSPORT=http");
  if (e.PAYMENTS_PROVIDER === "stripe") {
    if (!e.STRIPE_SECRET_KEY) missing.push("STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe");
    if (!e.STRIPE_WEBHOOK_SECRET)
      missing.push("STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe");
  }
  if (e.SIGNUP_MODE === "invite" && !e.SIGNUP_INVITE_CODES.trim())
    missing.push("SIGNUP_INVITE_CODES: required when SIGNUP_MODE=invite");
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n${missing.map((m) => `  ${m}`).join("\n")}`);
  if (e.PAYMENTS_PROVIDER === "sandbox") return { provider: "sandbox" };
  return {
    provider: "stripe",
    secretKey: e.STRIPE_SECRET_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ""),
  };
}

// --- marketplaces ---

const FAULT_NAMES: readonly string[] = SANDBOX_FAULT_KINDS;

/** Builds the marketplaces section; a configured URL without that API's credentials is a ConfigError. */
function marketplacesConfig(e: z.infer<typeof EnvSchema>): MarketplacesConfig {
  const missing: string[] = [];
  const need = (url: string | undefined, names: Record<string, string | undefined>) => {
    if (url) for (const [name, value] of Object.entries(names)) if (!value) missing.push(name);
  };
  if (e.AUCTION_UPSTREAM_URL && !e.AUCTION_OAUTH_TOKEN) {
    need(e.AUCTION_UPSTREAM_URL, {
      AUCTION_CLIENT_ID: e.AUCTION_CLIENT_ID,
      AUCTION_CLIENT_SECRET: e.AUCTION_CLIENT_SECRET,
    });
  }
  need(e.EMPORIUM_UPSTREAM_URL, {
    EMPORIUM_ACCESS_KEY: e.EMPORIUM_ACCESS_KEY,
    EMPORIUM_SECRET_KEY: e.EMPORIUM_SECRET_KEY,
    EMPORIUM_PARTNER_TAG: e.EMPORIUM_PARTNER_TAG,
  });
  need(e.MEGASTORE_UPSTREAM_URL, {
    MEGASTORE_CONSUMER_ID: e.MEGASTORE_CONSUMER_ID,
    MEGASTORE_PRIVATE_KEY: e.MEGASTORE_PRIVATE_KEY,
  });
  need(e.STOREFRONT_UPSTREAM_URL, { STOREFRONT_ACCESS_TOKEN: e.STOREFRONT_ACCESS_TOKEN });
  need(e.CROSSBORDER_UPSTREAM_URL, {
    CROSSBORDER_APP_KEY: e.CROSSBORDER_APP_KEY,
    CROSSBORDER_APP_SECRET: e.CROSSBORDER_APP_SECRET,
    CROSSBORDER_ACCESS_TOKEN: e.CROSSBORDER_ACCESS_TOKEN,
  });
  const kinds = e.SANDBOX_FAULTS.split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = kinds.filter((k) => !FAULT_NAMES.includes(k));
  if (missing.length > 0 || unknown.length > 0) {
    const lines = [
      ...missing.map((name) => `  ${name}: required when its marketplace's UPSTREAM_URL is set`),
      ...unknown.map((k) => `  SANDBOX_FAULTS: unknown fault ${k} (one of ${FAULT_NAMES.join(", ")})`),
    ];
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const upstreams: ConfiguredUpstreams = {
    auction: {
      url: e.AUCTION_UPSTREAM_URL,
      clientId: e.AUCTION_CLIENT_ID,
      clientSecret: e.AUCTION_CLIENT_SECRET,
      oauthToken: e.AUCTION_OAUTH_TOKEN,
      marketplaceId: e.AUCTION_MARKETPLACE_ID,
    },
    emporium: {
      url: e.EMPORIUM_UPSTREAM_URL,
      accessKey: e.EMPORIUM_ACCESS_KEY,
      secretKey: e.EMPORIUM_SECRET_KEY,
      partnerTag: e.EMPORIUM_PARTNER_TAG,
      region: e.EMPORIUM_REGION,
      marketplace: e.EMPORIUM_MARKETPLACE,
      country: e.EMPORIUM_COUNTRY.toUpperCase(),
    },
    megastore: {
      url: e.MEGASTORE_UPSTREAM_URL,
      consumerId: e.MEGASTORE_CONSUMER_ID,
      privateKey: e.MEGASTORE_PRIVATE_KEY,
      keyVersion: e.MEGASTORE_KEY_VERSION,
      publisherId: e.MEGASTORE_PUBLISHER_ID,
    },
    storefront: {
      url: e.STOREFRONT_UPSTREAM_URL,
      accessToken: e.STOREFRONT_ACCESS_TOKEN,
      apiVersion: e.STOREFRONT_API_VERSION,
    },
    crossborder: {
      url: e.CROSSBORDER_UPSTREAM_URL,
      appKey: e.CROSSBORDER_APP_KEY,
      appSecret: e.CROSSBORDER_APP_SECRET,
      accessToken: e.CROSSBORDER_ACCESS_TOKEN,
    },
  };
  return {
    upstreams,
    timeoutMs: e.MARKETPLACE_TIMEOUT_MS,
    cursorSecret: e.MARKETPLACE_CURSOR_SECRET,
    sandbox: {
      host: e.SANDBOX_HOST,
      seed: e.SANDBOX_SEED,
      latency: e.SANDBOX_LATENCY === "true",
      faults: { rate: e.SANDBOX_FAULT_RATE, kinds, slowMs: e.SANDBOX_SLOW_MS },
    },
  };
}

/** An empty variable means "not set", as shells and .env files usually intend. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== "") out[key] = value;
  return out;
}
