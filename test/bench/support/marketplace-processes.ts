import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { buildApp } from "../../../server/app.ts";
import { loadConfig } from "../../../server/config.ts";
import { IopClient } from "../../../server/marketplaces/crossborder/client.ts";
import { presentmentOf, textSearchParams } from "../../../server/marketplaces/crossborder/rules.ts";
import { createMarketplaceModules } from "../../../server/marketplaces/index.ts";
import { CursorCodec } from "../../../server/marketplaces/shared/cursor.ts";
import { undiciTransport } from "../../../server/marketplaces/shared/undici-transport.ts";
import type {
  CrossborderUpstream,
  MarketplaceUpstreams,
} from "../../../server/marketplaces/upstream-config.ts";
import { silentLogger } from "../../../server/platform/logger.ts";
import { startSandbox } from "../../../server/sandbox/index.ts";
import type { FaultKind } from "../../../server/sandbox/options.ts";
import { createServices } from "../../../server/services.ts";
import { openDatabase } from "../../../server/storage/open-database.ts";
import { ADMIN_TOKEN } from "./marketplace-bench-admin.ts";

/**
 * The two server processes of the marketplace benchmark and soak, so the load generator shares an event
 * loop with neither:
 *   `sandbox <faultRate>`         the five sandbox marketplaces (latency emulation off), warmed;
 *   `gateway <upstreams JSON>`    the real app on the embedded database, opened as `npm start` opens it
 *                                 (on its own thread, data on disk), with the real modules pointed at
 *                                 those upstreams, one funded account and a key.
 *   `proxy <upstreams JSON>`      the reference: a bare Hono handler that forwards the same search to
 *                                 the crossborder upstream with the gateway's own parts (the signed
 *                                 AliExpress client, undici transport, JSON parse) and sends the answer
 *                                 back as it came, with no key, rate limit, rules, ledger, normalization
 *                                 or contract check: what any gateway on these parts and this topology
 *                                 keeps at best.
 * Each prints one JSON line when ready and exits on SIGTERM.
 */
const [role, arg] = process.argv.slice(2);

if (role === "sandbox") {
  const rate = Number(arg ?? 0);
  const kinds: FaultKind[] = ["error", "throttle", "truncate", "refuse", "timeout", "garbage"];
  const sandbox = await startSandbox({ latency: false, faults: { rate, kinds, slowMs: 3000 } });
  await sandbox.warm();
  process.stdout.write(`${JSON.stringify({ urls: sandbox.urls, credentials: sandbox.credentials })}\n`);
  process.once("SIGTERM", () => void sandbox.close().finally(() => process.exit(0)));
} else if (role === "gateway") {
  const { urls, credentials, timeoutMs } = JSON.parse(arg!) as {
    urls: Record<string, string>;
    credentials: Record<string, Record<string, unknown>>;
    timeoutMs?: number;
  };
  const pick = (m: string) => ({ url: urls[m], ...credentials[m] });
  const upstreams = {
    auction: pick("auction"),
    emporium: pick("emporium"),
    megastore: pick("megastore"),
    storefront: pick("storefront"),
    crossborder: pick("crossborder"),
  } as unknown as MarketplaceUpstreams;
  const dataDir = mkdtempSync(join(tmpdir(), "marketlens-bench-"));
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  const config = loadConfig({
    ADMIN_TOKEN,
    LOG_LEVEL: "silent",
    CAPACITY_GLOBAL: "4096",
    CAPACITY_PER_MARKETPLACE: "1024",
    // The soak checks the ledger against each call's full price; the daily reduced rate is not under test.
    REDUCED_RATE_AFTER_CALLS: "1000000000",
  });
  const modules = createMarketplaceModules({
    upstreams,
    timeoutMs: timeoutMs ?? 10_000,
    cursorSecret: "bench-cursor-secret-0123",
  });
  const services = createServices(config, { db, logger: silentLogger, marketplaces: modules });
  await services.start();
  const account = await services.accounts.createAccount({ email: "bench@example.com" });
  await services.ledger.topUp(account.id, 1_000_000_000_000, null);
  const { key } = await services.accounts.createKey(account.id, { ratePerSecond: 10_000_000 });
  // The auction's category tree loads at start-up; answer only once it is there.
  await (modules.auction as unknown as { taxonomy: { ensure(c: unknown): Promise<void> } }).taxonomy.ensure({
    signal: AbortSignal.timeout(30_000),
    requestId: "bench",
    now: () => new Date(),
  });
  const app = buildApp(services);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(
      `${JSON.stringify({ url: `http://127.0.0.1:${port}`, key, accountId: account.id })}\n`,
    );
  });
  process.once("SIGTERM", () => {
    server.close();
    void services
      .stop()
      .then(() => db.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
} else if (role === "proxy") {
  const { urls, credentials } = JSON.parse(arg!) as {
    urls: Record<string, string>;
    credentials: { crossborder: Omit<CrossborderUpstream, "url"> };
  };
  const client = new IopClient(
    { url: urls.crossborder!, ...credentials.crossborder },
    {
      transport: undiciTransport,
      now: () => new Date(),
      timeoutMs: 10_000,
      cursors: new CursorCodec("bench-cursor-secret-0123"),
    },
  );
  const app = new Hono();
  // A caller that closes mid-call (the load generator at the end of a run) cancels the upstream call;
  // answer it as the gateway would, without Hono's default logging of every such error.
  app.onError((error, c) => c.json({ error: String((error as { code?: string }).code ?? "ERROR") }, 502));
  app.get("/v1/crossborder/search", async (c) => {
    const params = { query: c.req.query("query") ?? "", pageSize: Number(c.req.query("pageSize") ?? 10) };
    const response = await client.call(
      "aliexpress.ds.text.search",
      textSearchParams(params, presentmentOf(params), params.query),
      { signal: c.req.raw.signal, requestId: "proxy", now: () => new Date() },
    );
    return c.json(response);
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  });
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
} else {
  process.stderr.write(
    "usage: marketplace-processes.ts sandbox <faultRate> | gateway <json> | proxy <json>\n",
  );
  process.exit(2);
}
