import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBase62 } from "../../server/platform/ids.ts";
import { migrate } from "../../server/storage/migrations.ts";
import { openPostgres } from "../../server/storage/postgres-driver.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const ADMIN_TOKEN = "multi-process-admin-token";

/**
 * Two server processes sharing one Postgres and one Redis, as behind a load balancer. Needs both
 * servers: CI sets DATABASE_URL and REDIS_URL; without them this is skipped with a notice.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)("two server processes", () => {
  const schema = `t_${randomBase62(10).toLowerCase()}`;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const db = await openPostgres({ url: DATABASE_URL!, schema });
    await migrate(db);
    await db.close();
    const url = new URL(DATABASE_URL!);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_URL!,
      REDIS_KEY_PREFIX: `ml-${schema}:`,
      ADMIN_TOKEN,
      DATA_DIR: "/nonexistent",
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const db = await openPostgres({ url: DATABASE_URL! });
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  });

  const admin = async (server: ServerProcess, path: string, body?: unknown, method = "POST") => {
    const res = await fetch(`${server.url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  const call = (server: ServerProcess, key: string) =>
    fetch(`${server.url}/v1/marketplaces`, { headers: { "x-api-key": key } }).then((r) => r.status);

  async function customer(keyBody: Record<string, unknown> = {}) {
    const account = await admin(a, "/accounts", { email: `${randomBase62(8)}@example.com`, credit: "1.00" });
    const key = await admin(a, `/accounts/${account.body.accountId}/keys`, keyBody);
    return key.body as { keyId: string; key: string };
  }

  it("stops a key revoked on one process on the other within one second", async () => {
    const { keyId, key } = await customer();
    expect(await call(a, key)).toBe(200);
    expect(await call(b, key)).toBe(200); // b now has the key in its cache
    expect((await admin(a, `/keys/${keyId}`, undefined, "DELETE")).status).toBe(204);
    const revokedAt = performance.now();
    expect(await call(a, key)).toBe(401); // at once on the process that revoked it
    let refusedAfter = Number.POSITIVE_INFINITY;
    while (performance.now() - revokedAt < 3_000) {
      if ((await call(b, key)) === 401) {
        refusedAfter = performance.now() - revokedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(refusedAfter).toBeLessThan(1_000);
  });

  it("enforces one per-key rate across both processes through Redis", async () => {
    const { key } = await customer({ ratePerSecond: 10 });
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i % 2 === 0 ? a : b, key)));
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(30);
  });

  it("shuts down gracefully on SIGTERM: settles, hands its leases back, unregisters, exits 0", async () => {
    const db = await openPostgres({ url: DATABASE_URL!, schema });
    const holders = async () =>
      (await db.query<{ n: number }>("SELECT COUNT(*)::int8 AS n FROM ledger_holders")).rows[0]!.n;
    try {
      expect(await holders()).toBe(2);
      const started = performance.now();
      await b.stop();
      expect(b.child.exitCode).toBe(0);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(await holders()).toBe(1);
      const { key } = await customer();
      expect(await call(a, key)).toBe(200);
    } finally {
      await db.close();
    }
  });
});
