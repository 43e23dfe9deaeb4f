import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import autocannon from "autocannon";

/**
 * Issue 2: an authenticated, rate-limited, charged call through the whole chain to a trivial handler,
 * next to a bare Hono handler answering the same JSON, measured the same way in the same run, at 1 and
 * 64 concurrent clients. The servers run in their own process; autocannon drives them from this one.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function startServer(
  variant: string,
): Promise<{ child: ChildProcess; url: string; path: string; key: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/bench/support/gateway-server.ts", variant],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: process.env,
    },
  );
  let out = "";
  const ready = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`${variant} server exited with ${code}`)));
  });
  return { child, ...(JSON.parse(ready) as { url: string; path: string; key: string }) };
}

async function load(
  url: string,
  path: string,
  key: string,
  connections: number,
  seconds: number,
): Promise<Figures> {
  const result = await autocannon({
    url: `${url}${path}`,
    connections,
    duration: seconds,
    headers: key ? { "x-api-key": key } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function measure(variant: string, concurrencies: number[]): Promise<Map<number, Figures>> {
  const server = await startServer(variant);
  try {
    await load(server.url, server.path, server.key, 16, 1); // warm-up: JIT, key cache, first lease
    const figures = new Map<number, Figures>();
    for (const c of concurrencies)
      figures.set(c, await load(server.url, server.path, server.key, c, DURATION_S));
    return figures;
  } finally {
    server.child.kill("SIGTERM");
    await once(server.child, "exit");
  }
}

export async function run(): Promise<void> {
  const concurrencies = [1, 64];
  const variants = ["bare", "pglite", ...(process.env.DATABASE_URL ? ["postgres"] : [])];
  const results = new Map<string, Map<number, Figures>>();
  for (const variant of variants) results.set(variant, await measure(variant, concurrencies));
  const bare = results.get("bare")!;
  console.log("\n## Gateway chain vs bare Hono (issue 2; goal: chain/bare ≥ 0.5 on PGlite)");
  console.log("variant   clients   req/s     p50 ms   p99 ms   non-2xx   req/s vs bare");
  for (const [variant, byClients] of results) {
    for (const [clients, f] of byClients) {
      const ratio = f.rps / bare.get(clients)!.rps;
      console.log(
        `${variant.padEnd(9)} ${String(clients).padStart(7)}   ${f.rps.toFixed(0).padStart(7)}   ${f.p50.toFixed(2).padStart(6)}   ${f.p99.toFixed(2).padStart(6)}   ${String(f.non2xx).padStart(7)}   ${variant === "bare" ? "—" : ratio.toFixed(2)}`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
