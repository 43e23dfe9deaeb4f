import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";

/**
 * A real server process (`node --import tsx server/main.ts`), for what only several processes can show:
 * revocation reaching every process, one rate limit shared through Redis.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 150 s:\n${log}`)), 150_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const match = /"message":"listening","url":"([^"]+)"/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return; // gone already (killed)
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
