/**
 * `npm run chaos`: every `test/chaos/*.scenario.ts`, one after the other, each bounded in time and on
 * loopback only. A scenario attacks a real server the way a hostile or unlucky client would and prints
 * its figure next to its goal (issue 16, "Must show"). `npm run chaos -- bombs slow` runs the scenarios
 * whose file names contain one of the words. Exit code 1 when any scenario misses its goal or times out.
 *
 * A scenario file: `export default { name, goal, timeoutMs?, run(): Promise<{figure, pass}> }`.
 */
import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export interface ChaosScenario {
  name: string;
  /** The goal, in words, with its number (printed beside the figure). */
  goal: string;
  /** Upper bound of the whole scenario (default 180 s). */
  timeoutMs?: number;
  run(): Promise<{ figure: string; pass: boolean }>;
}

const DIR = fileURLToPath(new URL("./", import.meta.url));

async function main(): Promise<void> {
  const words = process.argv.slice(2);
  const files = (await readdir(DIR))
    .filter((f) => f.endsWith(".scenario.ts"))
    .filter((f) => words.length === 0 || words.some((w) => f.includes(w)))
    .sort();
  console.log(`Marketlens chaos — ${new Date().toISOString()}, ${files.length} scenario(s), loopback only`);
  let failed = 0;
  for (const file of files) {
    const scenario = (await import(new URL(file, import.meta.url).href)).default as ChaosScenario;
    const limit = scenario.timeoutMs ?? 180_000;
    const started = performance.now();
    let outcome: { figure: string; pass: boolean };
    let timer: NodeJS.Timeout | undefined;
    try {
      outcome = await Promise.race([
        scenario.run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${limit / 1000} s`)), limit);
        }),
      ]);
    } catch (error) {
      outcome = { figure: `failed: ${error instanceof Error ? error.message : String(error)}`, pass: false };
    } finally {
      clearTimeout(timer);
    }
    if (!outcome.pass) failed++;
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`\n${outcome.pass ? "PASS" : "FAIL"}  ${scenario.name} (${seconds} s)`);
    console.log(`  figure: ${outcome.figure}`);
    console.log(`  goal:   ${scenario.goal}`);
  }
  console.log(`\n${files.length - failed} of ${files.length} scenarios met their goal`);
  process.exit(failed === 0 ? 0 : 1);
}

await main();
