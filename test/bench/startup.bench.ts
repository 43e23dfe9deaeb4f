import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer } from "../../scripts/build-server.ts";
import { startServerProcess } from "../support/server-start.ts";

/**
 * `npm run bench -- startup` (issue 16 item 11): `npm start` (scripts/start.mjs running the built
 * dist/server.js) to a healthy /healthz, on a fresh DATA_DIR (the shipped schema dump is loaded) and again
 * on the data it left (existing PGlite opened), each next to its goal; then how long /healthz waited at
 * worst while the warm-ups ran behind it. References from the same run: a bare `node` and a bare
 * `node --import tsx` of an empty module, and the same start from the sources through tsx.
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "marketlens-startup-"));
  const env = { DATA_DIR: dataDir, IMAGE_WORKERS: "1", SANDBOX_LATENCY: "false" };
  try {
    const building = performance.now();
    await buildServer();
    const buildMs = performance.now() - building;
    const fresh = await startServerProcess(env, { entry: "npm-start" });
    await fresh.stop();
    const existing = await startServerProcess(env, { entry: "npm-start" });
    const warmWait = await worstHealthWait(existing.port, 5_000);
    await existing.stop();
    const source = await startServerProcess(env, { entry: "source" });
    await source.stop();
    const bareNode = await timeBareNode([]);
    const bareTsx = await timeBareNode(["--import", "tsx"]);
    console.log("startup: npm start to a healthy /healthz (goals from issue 16 item 11)");
    console.log(
      `  fresh DATA_DIR     ${ms(fresh.healthyMs)}   goal <= 2000 ms   ${met(fresh.healthyMs <= 2000)}`,
    );
    console.log(
      `  existing DATA_DIR  ${ms(existing.healthyMs)}   goal <= 1000 ms   ${met(existing.healthyMs <= 1000)}`,
    );
    console.log(
      `  CPU used by then (all threads): fresh ${ms(fresh.cpuMs ?? Number.NaN)}, existing ${ms(existing.cpuMs ?? Number.NaN)}, from the sources through tsx ${ms(source.cpuMs ?? Number.NaN)}`,
    );
    console.log(`  longest /healthz wait in the 5 s after (warm-ups behind it) ${ms(warmWait)}`);
    console.log(
      `  references: node of an empty module ${ms(bareNode)}; node --import tsx ${ms(bareTsx)}; the same start from the sources through tsx (existing data) ${ms(source.healthyMs)}; npm run build:server ${ms(buildMs)}`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Polls /healthz back to back for `forMs`; the slowest answer (event-loop stalls show here). */
async function worstHealthWait(port: number, forMs: number): Promise<number> {
  let worst = 0;
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.arrayBuffer());
    worst = Math.max(worst, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return worst;
}

async function timeBareNode(flags: string[]): Promise<number> {
  const { spawn } = await import("node:child_process");
  const started = performance.now();
  await new Promise((resolve) =>
    spawn(process.execPath, [...flags, "-e", ""], { stdio: "ignore" }).once("exit", resolve),
  );
  return performance.now() - started;
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
const met = (ok: boolean) => (ok ? "met" : "NOT met");
