import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { dashboardBundle } from "./dashboard/page-routes.ts";
import { createMarketplaceModules } from "./marketplaces/index.ts";
import { loadUndiciAgent } from "./marketplaces/shared/undici-transport.ts";
import { listen } from "./platform/http-server.ts";
import { createLogger } from "./platform/logger.ts";
import { resolveUpstreams } from "./sandbox/resolve.ts";
import { connectRedis, createServices } from "./services.ts";
import type { Database } from "./storage/database.ts";

/**
 * The companion server, given its configuration and its storage being opened (server/main.ts starts
 * that first): starts the embedded sandbox for every marketplace without a
 * real upstream, starts listening on PORT, and on SIGTERM/SIGINT stops accepting, lets calls in flight
 * finish (up to SHUTDOWN_GRACE_MS), settles the ledger and closes.
 */
export async function startServer(config: Config, opening: Promise<Database>) {
  const logger = createLogger(config.logLevel);
  // The sandbox's start is work on this thread; the database's on its own: overlap them.
  const [db, { upstreams, sandbox, sandboxed }, redis] = await Promise.all([
    opening,
    resolveUpstreams(config.marketplaces),
    config.redisUrl ? connectRedis(config.redisUrl) : undefined,
  ]);
  redis?.on("error", (error) => logger.warn("redis", { error: error.message }));
  const marketplaces = createMarketplaceModules({
    upstreams,
    timeoutMs: config.marketplaces.timeoutMs,
    ...(config.marketplaces.cursorSecret ? { cursorSecret: config.marketplaces.cursorSecret } : {}),
  });
  const services = createServices(config, {
    db,
    logger,
    marketplaces,
    ...(redis ? { redis, redisKeyPrefix: config.redisKeyPrefix } : {}),
  });
  await services.start();
  const app = buildApp(services);

  const { server, port } = await listen(app.fetch, {
    port: config.port,
    hostname: config.host,
    http: config.http,
  });
  logger.info("listening", {
    url: `http://${config.host}:${port}`,
    dashboard: dashboardAddress(config, port),
    storage: config.databaseUrl ? "postgres" : `pglite in ${config.dataDir}`,
    limits: redis ? "redis" : "memory",
    sandbox: sandboxed,
    // Product pages to try the extension's comparison panel on (server/sandbox/pages).
    sandboxPages: sandbox ? Object.values(sandbox.urls).map((u) => `${new URL(u).origin}/pages`) : undefined,
  });
  // The dashboard's pages are bundled on first use; do it now so the first visit does not wait.
  dashboardBundle().catch((error) => logger.warn("dashboard bundle failed", { error }));
  // The sandbox's visual-search index takes a few seconds; build it while already serving.
  sandbox?.warm().catch((error) => logger.warn("sandbox warm-up failed", { error }));
  // And the upstream HTTP client, loaded on first use, before a first call needs it.
  loadUndiciAgent().catch((error) => logger.warn("upstream client failed to load", { error }));
  // Likewise the image engine's models, so the first translation does not pay for loading them.
  services.imaging.warm().catch((error) => logger.warn("image engine warm-up failed", { error }));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info("shutting down", { graceMs: config.shutdownGraceMs });
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      const grace = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownGraceMs).unref());
      await Promise.race([closed, grace]);
      if ("closeAllConnections" in server) server.closeAllConnections();
      await services.stop();
      await sandbox?.close();
      await redis?.quit().catch(() => {});
      await db.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  return { port, app, services, stop };
}

/** Where a person opens the dashboard: PUBLIC_URL behind a proxy, else this process's own address. */
export function dashboardAddress(config: Config, port: number): string {
  if (config.dashboard.publicUrl) return `${config.dashboard.publicUrl}/`;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;
}
