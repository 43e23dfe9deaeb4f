import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServerProcess } from "../support/server-start.ts";

/**
 * `npm run bench -- startup` (issue 16 item 11): `npm start` to a healthy /healthz, on a fresh DATA_DIR
 * (the shipped schema dump is loaded) and again on the data it left (existing PGlite opened), each next
 * to its goal and to a reference from the same run: a bare `node --import tsx` of an empty module (the
 * floor no server start can beat on this machine).
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "marketlens-startup-"));
  const env = { DATA_DIR: dataDir, IMAGE_WORKERS: "1", SANDBOX_LATENCY: "false" };
  try {
    const fresh = await startServerProcess(env);
    await fresh.stop();
    const existing = await startServerProcess(env);
    await existing.stop();
    const reference = await timeBareNode();
    console.log("startup: npm start to a healthy /healthz (goals from issue 16 item 11)");
    console.log(
      `  fresh DATA_DIR     ${ms(fresh.healthyMs)}   goal <= 2000 ms   ${fresh.healthyMs <= 2000 ? "met" : "NOT met"}`,
    );
    console.log(
      `  existing DATA_DIR  ${ms(existing.healthyMs)}   goal <= 1000 ms   ${existing.healthyMs <= 1000 ? "met" : "NOT met"}`,
    );
    console.log(
      `  reference: node --import tsx of an empty module ${ms(reference)} (what no server can beat here)`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function timeBareNode(): Promise<number> {
  const { spawn } = await import("node:child_process");
  const started = performance.now();
  await new Promise((resolve) =>
    spawn(process.execPath, ["--import", "tsx", "-e", ""], { stdio: "ignore" }).once("exit", resolve),
  );
  return performance.now() - started;
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
