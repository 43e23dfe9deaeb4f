import { buildApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { createMarketplaceModules } from "../../server/marketplaces/index.ts";
import { listen } from "../../server/platform/http-server.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import { resolveUpstreams } from "../../server/sandbox/resolve.ts";
import { createServices, type Services } from "../../server/services.ts";
import { migrate } from "../../server/storage/migrations.ts";
import { openPglite } from "../../server/storage/pglite-driver.ts";
import { readSchemaDump } from "../../server/storage/schema-dump.ts";

const ADMIN_TOKEN = "chaos-admin-token-0123456789";

export interface ChaosServer {
  port: number;
  config: Config;
  /** The server's services, for what only the inside sees (threads lost, places held). */
  services: Services;
  /** A funded account and its key. */
  customer(credit: string): Promise<{ accountId: string; key: string }>;
  balanceMicros(accountId: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The server as `npm start` wires it (sandbox marketplaces, engine pool, the HTTP limits), on loopback
 * port 0 with an in-memory PGlite loaded from the shipped schema dump.
 */
export async function startChaosServer(env: Record<string, string> = {}): Promise<ChaosServer> {
  const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent", SANDBOX_LATENCY: "false", ...env });
  const dump = await readSchemaDump();
  const db = await openPglite(dump ? { loadDataDir: dump } : {});
  await migrate(db);
  const { upstreams, sandbox } = await resolveUpstreams(config.marketplaces);
  await sandbox?.warm();
  const marketplaces = createMarketplaceModules({ upstreams, timeoutMs: config.marketplaces.timeoutMs });
  const services = createServices(config, { db, logger: silentLogger, marketplaces });
  await services.start();
  const app = buildApp(services);
  const { server, port } = await listen(app.fetch, { port: 0, hostname: "127.0.0.1", http: config.http });
  const base = `http://127.0.0.1:${port}`;
  const admin = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}/admin${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`admin ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    port,
    config,
    services,
    async customer(credit) {
      const { accountId } = (await admin("/accounts", {
        email: `chaos${Math.random().toString(36).slice(2)}@example.com`,
        credit,
      })) as { accountId: string };
      const { key } = (await admin(`/accounts/${accountId}/keys`, {})) as { key: string };
      return { accountId, key };
    },
    async balanceMicros(accountId) {
      return (await admin(`/accounts/${accountId}`)).balanceMicros as number;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.stop();
      await sandbox?.close();
      await db.close();
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
