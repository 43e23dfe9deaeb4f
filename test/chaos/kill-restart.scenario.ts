import { killUnderLoad } from "../support/kill-under-load.ts";

/**
 * kill -9 under load with a restart: two server processes on one Postgres serve one account; one is
 * killed with SIGKILL while it leases the account's credit, a new process starts on the same database,
 * and the survivors spend the account down to a 402. Loopback only, about a minute.
 */
const scenario = {
  name: "kill -9 under load with a restart",
  goal: "402s the balance covers = 0; credit of the dead process usable again ≤ 5 s",
  async run(): Promise<{ figure: string; pass: boolean }> {
    const url = process.env.DATABASE_URL;
    if (!url)
      return { figure: "not run: needs DATABASE_URL (two processes share one Postgres)", pass: false };
    const result = await killUnderLoad(url, { restart: true, waitMs: 20_000 });
    const reclaimed =
      result.reclaimedAfterMs === null
        ? "not within 20 s"
        : `${(result.reclaimedAfterMs / 1000).toFixed(1)} s`;
    return {
      figure: `402s the balance covered: ${result.wrongRefusals}; dead process's credit usable after ${reclaimed}; ${result.servedAfterKill} calls served after the kill, credit left at the end ${result.leftMicros} µ$`,
      pass:
        result.wrongRefusals === 0 &&
        result.reclaimedAfterMs !== null &&
        result.reclaimedAfterMs <= 5_000 &&
        result.leftMicros < 1_000,
    };
  },
};

export default scenario;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figure, pass } = await scenario.run();
  console.log(`${pass ? "PASS" : "FAIL"} ${scenario.name}: ${figure} (goal: ${scenario.goal})`);
  process.exitCode = pass ? 0 : 1;
}
