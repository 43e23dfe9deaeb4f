import { randomBase62 } from "../../server/platform/ids.ts";
import { migrate } from "../../server/storage/migrations.ts";
import { openPostgres } from "../../server/storage/postgres-driver.ts";
import { revocationDelays } from "../support/revocation-delay.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const ADMIN_TOKEN = "chaos-revocation-admin-token";

/**
 * Two processes revoking: keys revoked and accounts suspended on one server process while the other
 * has them cached; the figure is how long the other goes on serving them (Postgres LISTEN/NOTIFY, or
 * Redis pub/sub when REDIS_URL is set). Loopback only.
 */
const scenario = {
  name: "two processes revoking",
  goal: "revocation and suspension reach the other process ≤ 50 ms p99",
  async run(): Promise<{ figure: string; pass: boolean }> {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl)
      return { figure: "not run: needs DATABASE_URL (two processes share one Postgres)", pass: false };
    const redisUrl = process.env.REDIS_URL;
    const schema = `t_${randomBase62(10).toLowerCase()}`;
    const setup = await openPostgres({ url: databaseUrl, schema });
    const servers: ServerProcess[] = [];
    try {
      await migrate(setup);
      const url = new URL(databaseUrl);
      url.searchParams.set("options", `-c search_path=${schema}`);
      const env = {
        DATABASE_URL: url.toString(),
        ADMIN_TOKEN,
        DATA_DIR: "/nonexistent",
        IMAGE_WORKERS: "1",
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `ml-${schema}:` } : {}),
      };
      const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      servers.push(a, b);
      const result = await revocationDelays(a, b, ADMIN_TOKEN, { keys: 20, suspensions: 5 });
      return {
        figure: `p99 ${result.p99Ms} ms, max ${result.maxMs} ms over 25 (20 keys, 5 accounts), ${result.servedAfter} calls served after the answer (${redisUrl ? "Redis pub/sub" : "Postgres LISTEN/NOTIFY"})`,
        pass: result.p99Ms <= 50,
      };
    } finally {
      await Promise.all(servers.map((s) => s.stop().catch(() => {})));
      await setup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await setup.close();
    }
  },
};

export default scenario;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figure, pass } = await scenario.run();
  console.log(`${pass ? "PASS" : "FAIL"} ${scenario.name}: ${figure} (goal: ${scenario.goal})`);
  process.exitCode = pass ? 0 : 1;
}
