import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface StartedServer {
  child: ChildProcess;
  port: number;
  /** Milliseconds from spawning the process to the first 200 from /healthz. */
  healthyMs: number;
  /** CPU milliseconds the process (all its threads) had used by then: what a busy machine stretches. */
  cpuMs: number | undefined;
  stop(): Promise<void>;
}

/** What runs: `npm start`'s own command (scripts/start.mjs, the built server), or the sources through tsx. */
const ENTRIES = {
  "npm-start": ["scripts/start.mjs"],
  source: ["--import", "tsx", "server/main.ts"],
} as const;

/**
 * The server started as a user starts it, on a loopback port the OS picks, timed to the first healthy
 * /healthz. `env` adds to a minimal environment (never the shell's).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { entry?: keyof typeof ENTRIES; timeoutMs?: number } = {},
): Promise<StartedServer> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const started = performance.now();
  const child = spawn(process.execPath, [...ENTRIES[options.entry ?? "source"]], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening" within ${timeoutMs} ms:\n${log}`)),
      timeoutMs,
    );
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const match = /"url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}:\n${log}`)));
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    if (performance.now() - started > timeoutMs) throw new Error("never healthy");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const healthyMs = performance.now() - started;
  const cpuMs = await cpuMsOf(child.pid);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { child, port, healthyMs, cpuMs, stop };
}

/** User plus system CPU time of a process, from /proc (Linux); undefined elsewhere. */
async function cpuMsOf(pid: number | undefined): Promise<number | undefined> {
  try {
    const { readFile } = await import("node:fs/promises");
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
