import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { buildApp } from "../../../server/app.ts";
import { loadConfig } from "../../../server/config.ts";
import { silentLogger } from "../../../server/platform/logger.ts";
import { createServices } from "../../../server/services.ts";
import { migrate } from "../../../server/storage/migrations.ts";
import { openPgliteThread } from "../../../server/storage/pglite-thread.ts";
import { openPostgres } from "../../../server/storage/postgres-driver.ts";
import { scriptedMarketplace } from "../../support/scripted-marketplace.ts";

/**
 * A server for the gateway benchmark, in its own process so the load generator does not share its
 * event loop. Variants: `bare` (a Hono handler answering the same JSON), `pglite` and `postgres` (the
 * whole chain: request id, key check, rate limit, price, ledger reserve and commit, capacity, contract
 * check, envelope, to a trivial marketplace). Prints `{url, path, key}` as one JSON line when ready.
 */
const variant = process.argv[2] as "bare" | "pglite" | "postgres";
const path = "/v1/megastore/search?query=bench";

async function main() {
  if (variant === "bare") {
    const app = new Hono();
    app.get("/v1/megastore/search", (c) =>
      c.json({
        success: true,
        requestId: "req_x",
        data: { marketplace: "megastore", path: [], categories: [{ id: "1", name: "bench" }] },
      }),
    );
    return listen(app.fetch, "");
  }
  // PGlite as `npm start` opens it (server/storage/open-database.ts): on its own thread, with its data
  // on disk, so every settlement pays for its writes as a user's server does.
  const dataDir = variant === "pglite" ? mkdtempSync(join(tmpdir(), "marketlens-bench-")) : undefined;
  const db =
    variant === "postgres"
      ? await openPostgres({ url: process.env.DATABASE_URL!, schema: `bench_${process.pid}` })
      : await openPgliteThread({ dataDir: join(dataDir!, "pglite") });
  await migrate(db);
  const config = loadConfig({ ADMIN_TOKEN: "bench-admin-token-000", LOG_LEVEL: "silent" });
  const services = createServices(config, {
    db,
    logger: silentLogger,
    marketplaces: { megastore: scriptedMarketplace() },
  });
  await services.start();
  const account = await services.accounts.createAccount({ email: "bench@example.com" });
  await services.ledger.topUp(account.id, 1_000_000_000_000, null);
  const { key } = await services.accounts.createKey(account.id, { ratePerSecond: 10_000_000 });
  const app = buildApp(services);
  const stop = async () => {
    await services.stop();
    if (variant === "postgres") await db.query(`DROP SCHEMA bench_${process.pid} CASCADE`);
    await db.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("SIGTERM", () => void stop().finally(() => process.exit(0)));
  return listen(app.fetch, key);
}

function listen(fetch: (req: Request) => Response | Promise<Response>, key: string) {
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, path, key })}\n`);
  });
  if (variant === "bare") process.once("SIGTERM", () => process.exit(0));
}

await main();
