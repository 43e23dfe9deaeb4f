import { randomBase62 } from "../../server/platform/ids.ts";
import type { Database } from "../../server/storage/database.ts";
import { migrate } from "../../server/storage/migrations.ts";
import { openPostgres } from "../../server/storage/postgres-driver.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

const ADMIN_TOKEN = "kill-under-load-admin-token";
/** A megastore search costs one unit. */
const PRICE_MICROS = 1_000;

export interface KillUnderLoadResult {
  /** 402s answered while the killed process's lease still held credit that covered the call. */
  wrongRefusals: number;
  /** From the kill to the killed process's leases being back in the balance; null: not within waitMs. */
  reclaimedAfterMs: number | null;
  servedAfterKill: number;
  refusedAfterKill: number;
  /** Credit left anywhere (balance plus every lease) when the load stopped. */
  leftMicros: number;
}

/**
 * Two server processes on one Postgres serve one account; one is killed with SIGKILL while both hold
 * leases on it (optionally a new process is started on the same database), and the survivors spend the
 * account down to a 402. Loopback only; bounded by waitMs after the kill.
 */
export async function killUnderLoad(
  databaseUrl: string,
  options: { restart: boolean; waitMs: number; progress?: (line: string) => void },
): Promise<KillUnderLoadResult> {
  const schema = `t_${randomBase62(10).toLowerCase()}`;
  const setup = await openPostgres({ url: databaseUrl, schema });
  await migrate(setup);
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  // No simulated upstream latency and one engine thread: the money is under test, not the upstreams.
  const env = {
    DATABASE_URL: url.toString(),
    ADMIN_TOKEN,
    DATA_DIR: "/nonexistent",
    SANDBOX_LATENCY: "false",
    IMAGE_WORKERS: "1",
  };
  const servers: ServerProcess[] = [];
  const t0 = performance.now();
  const progress = (line: string) =>
    options.progress?.(`${((performance.now() - t0) / 1000).toFixed(1)} s ${line}`);
  try {
    // One after the other, so the holder that appears with the second is known to be its.
    const a = await startServerProcess(env);
    servers.push(a);
    const before = await holders(setup);
    const b = await startServerProcess(env);
    servers.push(b);
    const dead = (await holders(setup)).find((id) => !before.includes(id))!;
    progress("two servers listening");
    const key = await customer(a, "0.06");
    progress("customer made");
    // Both processes take leases on the account.
    await load([a, a, b, b, b, b], key, () => false, 1_500);
    await sleep(300); // settled
    const killedAt = performance.now();
    b.child.kill("SIGKILL");
    progress("killed");
    let reclaimedAfterMs: number | null = null;
    const watching = (async () => {
      while (reclaimedAfterMs === null && performance.now() - killedAt < options.waitMs) {
        const { rows } = await setup.query("SELECT 1 FROM ledger_holders WHERE id = $1", [dead]);
        if (rows.length === 0) reclaimedAfterMs = performance.now() - killedAt;
        else await sleep(50);
      }
    })();
    const survivors = [a];
    if (options.restart) {
      const restarted = await startServerProcess(env);
      servers.push(restarted);
      survivors.push(restarted);
    }
    let wrongRefusals = 0;
    let refused = false;
    const counts = await load(
      [...survivors, ...survivors],
      key,
      (status) => {
        if (status !== 402) return false;
        refused = true;
        return true;
      },
      options.waitMs - (performance.now() - killedAt),
      async (status) => {
        if (status !== 402) return;
        // A lease only ever disappears: if it still covers the call now, it did when the 402 was sent.
        const { rows } = await setup.query<{ held: number | null }>(
          "SELECT SUM(amount_micros)::int8 AS held FROM credit_leases WHERE holder_id = $1",
          [dead],
        );
        if ((rows[0]?.held ?? 0) >= PRICE_MICROS) wrongRefusals++;
      },
    );
    progress(`load stopped: ${JSON.stringify(counts)}`);
    await watching;
    // Charges are settled in batches: give the survivor's last batch time to reach the database.
    await sleep(1_000);
    const { rows } = await setup.query<{ left: number }>(
      "SELECT (SELECT SUM(balance_micros) FROM accounts) + COALESCE((SELECT SUM(amount_micros) FROM credit_leases), 0)::int8 AS left",
    );
    return {
      wrongRefusals,
      reclaimedAfterMs: reclaimedAfterMs === null ? null : Math.round(reclaimedAfterMs),
      servedAfterKill: counts.served,
      refusedAfterKill: refused ? counts.refused : 0,
      leftMicros: rows[0]!.left,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => {})));
    await setup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await setup.close();
  }
}

async function customer(server: ServerProcess, credit: string): Promise<string> {
  const admin = (path: string, body: unknown) =>
    fetch(`${server.url}/admin${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  const account = await admin("/accounts", { email: `${randomBase62(8)}@example.com`, credit });
  return (await admin(`/accounts/${account.accountId}/keys`, {})).key!;
}

/** One loop of sequential charged calls per entry of `targets`, until `stop` says so or `forMs` passes. */
async function load(
  targets: ServerProcess[],
  key: string,
  stop: (status: number) => boolean,
  forMs: number,
  onStatus: (status: number) => Promise<void> = async () => {},
): Promise<{ served: number; refused: number }> {
  const until = performance.now() + forMs;
  const counts = { served: 0, refused: 0 };
  let stopped = false;
  await Promise.all(
    targets.map(async (server) => {
      while (!stopped && performance.now() < until) {
        const status = await fetch(`${server.url}/v1/megastore/search?query=phone`, {
          headers: { "x-api-key": key },
        }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 0,
        );
        if (status === 200) counts.served++;
        if (status === 402) counts.refused++;
        await onStatus(status);
        if (stop(status)) stopped = true;
      }
    }),
  );
  return counts;
}

async function holders(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM ledger_holders");
  return rows.map((r) => r.id);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
