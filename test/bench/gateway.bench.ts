import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import autocannon from "autocannon";

/**
 * Issue 2: an authenticated, rate-limited, charged call through the whole chain to a trivial handler,
 * next to a bare Hono handler answering the same JSON, at 1 and 64 concurrent clients. Servers run in
 * their own processes; the load comes from this one. The machine is shared, so bare and chain are
 * measured alternately, round after round, and each figure is the median of its rounds.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Server {
  child: ChildProcess;
  url: string;
  path: string;
  key: string;
}
interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function startServer(variant: string): Promise<Server> {
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

/** Throughput with autocannon (latency from it is in whole milliseconds, fine at 64 clients). */
async function throughput(s: Server, connections: number): Promise<Figures> {
  const r = await autocannon({
    url: `${s.url}${s.path}`,
    connections,
    duration: SECONDS,
    headers: s.key ? { "x-api-key": s.key } : {},
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

/** One client, one request at a time, each timed in microseconds. */
async function sequential(s: Server): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${s.url}${s.path}`);
  const once1 = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(url, { agent, headers: s.key ? { "x-api-key": s.key } : {} }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
    });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const t = performance.now();
    if ((await once1()) !== 200) errors++;
    latencies.push(performance.now() - t);
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function summarize(rounds: Figures[]): Figures {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

export async function run(): Promise<void> {
  const variants = ["pglite", ...(process.env.DATABASE_URL ? ["postgres"] : [])];
  const bare = await startServer("bare");
  const chains = new Map<string, Server>();
  try {
    for (const v of variants) chains.set(v, await startServer(v));
    const rows: string[] = [];
    for (const clients of [1, 64]) {
      const measure = (s: Server) => (clients === 1 ? sequential(s) : throughput(s, clients));
      for (const s of [bare, ...chains.values()]) await throughput(s, 16).catch(() => undefined); // warm-up
      const bareRounds: Figures[] = [];
      const chainRounds = new Map<string, Figures[]>(variants.map((v) => [v, []]));
      for (let round = 0; round < ROUNDS; round++) {
        bareRounds.push(await measure(bare));
        for (const [v, s] of chains) chainRounds.get(v)!.push(await measure(s));
      }
      const b = summarize(bareRounds);
      rows.push(row("bare", clients, b, undefined));
      for (const [v, rounds] of chainRounds) rows.push(row(`chain/${v}`, clients, summarize(rounds), b));
    }
    console.log("\n## Gateway: whole chain vs bare Hono (issue 2; goal: chain/bare req/s ≥ 0.5 on PGlite)");
    console.log(`median of ${ROUNDS} alternating rounds of ${SECONDS} s; latency in ms`);
    console.log("server           clients     req/s      p50      p99   errors   vs bare");
    for (const r of rows) console.log(r);
  } finally {
    for (const s of [bare, ...chains.values()]) {
      s.child.kill("SIGTERM");
      await once(s.child, "exit");
    }
  }
}

function row(name: string, clients: number, f: Figures, bare: Figures | undefined): string {
  const ms = (v: number) => (clients === 1 ? v.toFixed(3) : v.toFixed(1)).padStart(8);
  return `${name.padEnd(16)} ${String(clients).padStart(7)}  ${f.rps.toFixed(0).padStart(8)} ${ms(f.p50)} ${ms(f.p99)}   ${String(f.errors).padStart(6)}   ${bare ? (f.rps / bare.rps).toFixed(2) : "—"}`;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
