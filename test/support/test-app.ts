import type { Redis } from "ioredis";
import { buildApp } from "../../server/app.ts";
import type { LedgerOptions } from "../../server/billing/ledger.ts";
import { loadConfig } from "../../server/config.ts";
import type { MarketplaceModule } from "../../server/marketplaces/types.ts";
import { type Logger, silentLogger } from "../../server/platform/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import type { Marketplace } from "../../src/contract/marketplace.ts";
import type { TestDatabase } from "./databases.ts";
import { openTestPglite } from "./databases.ts";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

export interface TestAppOptions {
  database?: TestDatabase;
  env?: Record<string, string>;
  marketplaces?: Partial<Record<Marketplace, MarketplaceModule>>;
  redis?: Redis;
  redisKeyPrefix?: string;
  clock?: () => Date;
  ledger?: LedgerOptions;
  logger?: Logger;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app on a real database; only marketplaces (outside the machine) are replaced. */
export async function createTestApp(options: TestAppOptions = {}) {
  const db = options.database ? await options.database.open() : await openTestPglite();
  const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent", ...options.env });
  const services: Services = createServices(config, {
    db,
    logger: options.logger ?? silentLogger,
    marketplaces: options.marketplaces ?? {},
    ...(options.redis ? { redis: options.redis, redisKeyPrefix: options.redisKeyPrefix ?? "ml-test:" } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ledger: { settleIntervalMs: 20, ...options.ledger },
  });
  await services.start();
  const app = buildApp(services);

  const request = (path: string, init: RequestInit = {}) => app.request(path, init);
  const json = async (path: string, body: unknown, init: RequestInit = {}) =>
    app.request(path, {
      method: "POST",
      ...init,
      headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
      body: JSON.stringify(body),
    });
  const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };

  const admin = {
    async createAccount(email: string, credit?: string, billing?: boolean): Promise<string> {
      const res = await json("/admin/accounts", { email, credit, billing }, { headers: adminHeaders });
      if (res.status !== 201) throw new Error(`createAccount: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { accountId: string }).accountId;
    },
    async createKey(
      accountId: string,
      body: Record<string, unknown> = {},
    ): Promise<{ keyId: string; key: string }> {
      const res = await json(`/admin/accounts/${accountId}/keys`, body, { headers: adminHeaders });
      if (res.status !== 201) throw new Error(`createKey: ${res.status} ${await res.text()}`);
      return (await res.json()) as { keyId: string; key: string };
    },
    async revokeKey(keyId: string): Promise<number> {
      return (await request(`/admin/keys/${keyId}`, { method: "DELETE", headers: adminHeaders })).status;
    },
    async credit(accountId: string, amount: string): Promise<Response> {
      return json(`/admin/accounts/${accountId}/credit`, { amount }, { headers: adminHeaders });
    },
    async setStatus(accountId: string, action: "suspend" | "unsuspend"): Promise<number> {
      return (
        await request(`/admin/accounts/${accountId}/${action}`, { method: "POST", headers: adminHeaders })
      ).status;
    },
    async account(accountId: string) {
      const res = await request(`/admin/accounts/${accountId}`, { headers: adminHeaders });
      return (await res.json()) as { balance: string; balanceMicros: number; status: string; email: string };
    },
    /** A funded account with one key, the usual start of a test. */
    async customer(credit = "10.00", keyOptions: Record<string, unknown> = {}) {
      const accountId = await this.createAccount(
        `c${Math.random().toString(36).slice(2)}@example.com`,
        credit,
      );
      const { keyId, key } = await this.createKey(accountId, keyOptions);
      return { accountId, keyId, key };
    },
  };

  return {
    app,
    services,
    db,
    config,
    request,
    json,
    admin,
    adminHeaders,
    async close() {
      await services.stop();
      await db.drop();
    },
  };
}
