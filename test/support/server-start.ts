import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../server/main.ts", import.meta.url));

export interface StartedServer {
  child: ChildProcess;
  port: number;
  /** Milliseconds from spawning the process to the first 200 from /healthz. */
  healthyMs: number;
  stop(): Promise<void>;
}

/**
 * `npm start` as a user runs it (node --import tsx server/main.ts) on a loopback port the OS picks, timed
 * to the first healthy /healthz. `env` adds to a minimal environment (never the shell's).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<StartedServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
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
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { child, port, healthyMs, stop };
}
