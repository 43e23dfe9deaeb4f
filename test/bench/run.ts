/**
 * `npm run bench`: every benchmark of the project in one run. Each prints its figures next to a
 * reference measured in the same run (a ratio), so figures from a shared or busy machine stay
 * comparable. `npm run bench -- gateway translate` runs only the named ones.
 */
export {};

const BENCHES = {
  gateway: () => import("./gateway.bench.ts"),
  marketplaces: () => import("./marketplaces.bench.ts"),
  translate: () => import("./translate.bench.ts"),
  engine: () => import("./engine.bench.ts"),
} as const;

type Name = keyof typeof BENCHES;
const wanted = process.argv.slice(2).filter((a): a is Name => a in BENCHES);
const names = wanted.length > 0 ? wanted : (Object.keys(BENCHES) as Name[]);

console.log(`Marketlens benchmarks — ${new Date().toISOString()}, node ${process.version}`);
let failed = false;
for (const name of names) {
  const started = performance.now();
  try {
    const { run } = await BENCHES[name]();
    await run();
    console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  } catch (error) {
    failed = true;
    console.error(`\n${name} benchmark failed: ${error instanceof Error ? error.stack : error}`);
  }
}
process.exit(failed ? 1 : 0);
