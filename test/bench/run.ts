/**
 * `npm run bench`: every benchmark of the project in one run. Each prints its figures next to a
 * reference measured in the same run (a ratio), so figures from a shared or busy machine stay
 * comparable. `npm run bench -- gateway translate` runs only the named ones.
 *
 * Each benchmark runs in a fresh Node process, one after the other, so that one's leftovers do not weigh
 * on the next: the translator's dictionaries (some 40 MB of heap, which make every full garbage
 * collection of a later benchmark dearer), the gateway's load generator, the sandbox's sockets.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ENGINE_NODE_FLAGS } from "../../src/engine/node/heap-settings.ts";

const BENCHES = {
  gateway: () => import("./gateway.bench.ts"),
  marketplaces: () => import("./marketplaces.bench.ts"),
  translate: () => import("./translate.bench.ts"),
  engine: () => import("./engine.bench.ts"),
  startup: () => import("./startup.bench.ts"),
  extension: () => import("./extension.bench.ts"),
  compare: () => import("./compare.bench.ts"),
} as const;

type Name = keyof typeof BENCHES;

/** Node flags of a benchmark's process: the engine's heap settings, as the server's engine threads have them. */
const NODE_FLAGS: Partial<Record<Name, readonly string[]>> = { engine: ENGINE_NODE_FLAGS };
const isName = (a: string | undefined): a is Name => a !== undefined && a in BENCHES;

/** Runs one benchmark in this process (the child side). */
async function runOne(name: Name): Promise<never> {
  try {
    const { run } = await BENCHES[name]();
    await run();
    process.exit(0);
  } catch (error) {
    console.error(`\n${name} benchmark failed: ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  }
}

/** Runs one benchmark in a child process; true when it succeeded. */
function runInChild(name: Name): Promise<boolean> {
  const args = [
    ...(NODE_FLAGS[name] ?? []),
    "--import",
    "tsx",
    fileURLToPath(import.meta.url),
    "--one",
    name,
  ];
  const child = spawn(process.execPath, args, {
    stdio: "inherit",
    env: process.env,
  });
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code === 0));
    child.once("error", () => resolve(false));
  });
}

const [flag, one] = process.argv.slice(2);
if (flag === "--one" && isName(one)) await runOne(one);

const wanted = process.argv.slice(2).filter(isName);
const names = wanted.length > 0 ? wanted : (Object.keys(BENCHES) as Name[]);
console.log(`Marketlens benchmarks — ${new Date().toISOString()}, node ${process.version}`);
let failed = false;
for (const name of names) {
  const started = performance.now();
  if (await runInChild(name))
    console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  else {
    failed = true;
    console.error(`${name} benchmark failed (see above)`);
  }
}
process.exit(failed ? 1 : 0);
