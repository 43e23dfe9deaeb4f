import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./storage/open-database.ts";

/**
 * The companion server process (`npm start` runs its build, dist/server.js; `node --import tsx
 * server/main.ts` runs the source): reads the configuration once and starts opening storage (embedded
 * PGlite in DATA_DIR on its own thread, or Postgres by DATABASE_URL) before loading the rest of the
 * server, so the database's start and the modules' loading overlap (issue 16 item 11); then
 * start-server.ts listens. SIGTERM/SIGINT stop it gracefully.
 */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Settled here too, so a failure to open is reported by startServer rather than as unhandled.
  opening.catch(() => {});
  const { dashboardAddress, startServer } = await import("./start-server.ts");
  const server = await startServer(config, opening);
  process.stdout.write(`Marketlens dashboard: ${dashboardAddress(config, server.port)}\n`);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      server.stop().then(
        () => process.exit(0),
        (error) => {
          process.stderr.write(`shutdown failed: ${error}\n`);
          process.exit(1);
        },
      );
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
