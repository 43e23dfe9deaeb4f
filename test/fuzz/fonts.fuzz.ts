/**
 * Font upload fuzz: mutated and truncated TTF, OTF and WOFF2 files, collections and non-fonts, each
 * uploaded through the real HTTP route (multipart POST to the dashboard's fonts API on a listening
 * server). Rules: no 500, no crashed or hung check worker, every answer a 201 or a refusal with a code
 * and a message. Seeds are the fonts the project ships.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { AccountStore } from "../../server/accounts/account-store.ts";
import type { DashboardEnv } from "../../server/dashboard/session-env.ts";
import { createUserFontRoutes } from "../../server/fonts/dashboard-routes.ts";
import { FontChecker } from "../../server/fonts/font-checker.ts";
import { UserFontStore } from "../../server/fonts/font-store.ts";
import { UserFonts } from "../../server/fonts/user-fonts.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import { migrate } from "../../server/storage/migrations.ts";
import { openPglite } from "../../server/storage/pglite-driver.ts";
import { REPO_ROOT } from "../../src/engine/node/node-assets.ts";

const SEEDS: Record<string, string> = {
  "BMHANNAPro.ttf": "public/fonts/BMHANNAPro.ttf",
  "Pretendard-Regular.otf": "node_modules/pretendard/dist/public/static/Pretendard-Regular.otf",
  "Pretendard-Thin.woff2": "node_modules/pretendard/dist/web/static/woff2/Pretendard-Thin.woff2",
  "Pretendard subset 40.woff2":
    "node_modules/pretendard/dist/web/static/woff2-dynamic-subset/Pretendard-Regular.subset.40.woff2",
  "Pretendard subset 91.woff2":
    "node_modules/pretendard/dist/web/static/woff2-dynamic-subset/Pretendard-Regular.subset.91.woff2",
};

interface Case {
  kind: string;
  bytes: Uint8Array;
}

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

export function makeCases(count: number, seed: number): Case[] {
  const rnd = random(seed);
  const seeds = Object.entries(SEEDS).map(([name, path]) => ({
    name,
    bytes: new Uint8Array(readFileSync(resolve(REPO_ROOT, path))),
  }));
  const pick = () => seeds[rnd.int(seeds.length)]!;
  const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
  const mutators: [string, () => Uint8Array][] = [
    [
      "truncated",
      () => {
        const s = pick().bytes;
        return s.slice(0, rnd.int(s.length));
      },
    ],
    [
      "bytes flipped",
      () => {
        const b = pick().bytes.slice();
        for (let i = 0, n = 1 + rnd.int(64); i < n; i++) b[rnd.int(b.length)] = rnd.int(256);
        return b;
      },
    ],
    [
      "header flipped",
      () => {
        const b = pick().bytes.slice();
        for (let i = 0, n = 1 + rnd.int(8); i < n; i++) b[rnd.int(Math.min(b.length, 512))] = rnd.int(256);
        return b;
      },
    ],
    [
      "table directory corrupted",
      () => {
        const b = pick().bytes.slice();
        const dv = view(b);
        const tables = Math.min(dv.getUint16(4), 64);
        const at = 12 + 16 * rnd.int(Math.max(1, tables)) + 8 + 4 * rnd.int(2);
        if (at + 4 <= b.length)
          dv.setUint32(at, [0xffffffff, 0, rnd.int(b.length * 2), 0x7fffffff][rnd.int(4)]!);
        return b;
      },
    ],
    [
      "numTables huge",
      () => {
        const b = pick().bytes.slice();
        view(b).setUint16(4, 0xffff - rnd.int(100));
        return b;
      },
    ],
    ["collection", () => ttc([pick().bytes, pick().bytes])],
    [
      "WOFF2 collection flavor",
      () => {
        const b = seeds.find((s) => s.name.endsWith(".woff2"))!.bytes.slice();
        b.set([0x74, 0x74, 0x63, 0x66], 4);
        return b;
      },
    ],
    [
      "signature swapped",
      () => {
        const b = pick().bytes.slice();
        b.set(new TextEncoder().encode(["OTTO", "true", "wOF2", "wOFF", "ttcf"][rnd.int(5)]!), 0);
        return b;
      },
    ],
    ["random bytes", () => Uint8Array.from({ length: 12 + rnd.int(200_000) }, () => rnd.int(256))],
    [
      "non-font",
      () => {
        const texts = [
          '{"font":"not really"}',
          "<svg xmlns='http://www.w3.org/2000/svg'/>",
          "%PDF-1.7\n",
          "PK\u0003\u0004",
        ];
        return new TextEncoder().encode(texts[rnd.int(texts.length)]!.repeat(1 + rnd.int(50)));
      },
    ],
    [
      "spliced",
      () => {
        const a = pick().bytes;
        const b = pick().bytes;
        const cut = rnd.int(a.length);
        const out = new Uint8Array(cut + Math.max(b.length - cut, 0));
        out.set(a.subarray(0, cut));
        if (b.length > cut) out.set(b.subarray(cut), cut);
        return out;
      },
    ],
  ];
  const cases: Case[] = seeds.map((s) => ({ kind: `seed ${s.name}`, bytes: s.bytes }));
  cases.push({ kind: "empty", bytes: new Uint8Array(0) });
  cases.push({ kind: "over 10 MiB", bytes: new Uint8Array(10 * 1024 * 1024 + 1) });
  while (cases.length < count) {
    const [kind, make] = mutators[rnd.int(mutators.length)]!;
    cases.push({ kind, bytes: make() });
  }
  return cases;
}

/** A TrueType collection of the given fonts (header, offsets, then each font as it is). */
function ttc(fonts: Uint8Array[]): Uint8Array {
  const header = 12 + 4 * fonts.length;
  const total = header + fonts.reduce((n, f) => n + f.length, 0);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode("ttcf"), 0);
  dv.setUint32(4, 0x00010000);
  dv.setUint32(8, fonts.length);
  let at = header;
  fonts.forEach((f, i) => {
    dv.setUint32(12 + 4 * i, at);
    out.set(f, at);
    at += f.length;
  });
  return out;
}

export async function run({ count, seed }: { count: number; seed: number }): Promise<boolean> {
  const started = Date.now();
  console.log(`font upload fuzz: ${count} files, seed ${seed}`);
  const db = await openPglite();
  await migrate(db);
  const accountId = (await new AccountStore(db).createAccount({ email: "fuzz@example.com" })).id;
  const checker = new FontChecker();
  const fonts = new UserFonts(new UserFontStore(db), checker, {
    softCap: 50,
    cacheBytes: 16 * 1024 * 1024,
    now: () => new Date(),
    logger: silentLogger,
  });
  const app = new Hono<DashboardEnv>();
  app.use("*", async (c, next) => {
    c.set("accountId", accountId);
    await next();
  });
  app.route("/dashboard/api/fonts", createUserFontRoutes({ fonts, logger: silentLogger }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((ok) => server.once("listening", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dashboard/api/fonts`;

  const cases = makeCases(count, seed);
  const byOutcome = new Map<string, number>();
  const byKind = new Map<string, { accepted: number; refused: number }>();
  const problems: string[] = [];
  const times: number[] = [];
  const slow: string[] = [];
  for (const [i, c] of cases.entries()) {
    const form = new FormData();
    form.set("file", new File([c.bytes as Uint8Array<ArrayBuffer>], `fuzz-${i}.bin`));
    form.set("displayName", `fuzz ${i}`);
    const t0 = performance.now();
    let status = 0;
    let body: { id?: string; success?: boolean; error?: { code?: string; message?: string } } = {};
    try {
      const res = await fetch(base, { method: "POST", body: form, signal: AbortSignal.timeout(60_000) });
      status = res.status;
      body = (await res.json()) as typeof body;
    } catch (error) {
      problems.push(`#${i} ${c.kind}: no answer (${(error as Error).message})`);
      continue;
    }
    const ms = performance.now() - t0;
    times.push(ms);
    if (ms > 3000)
      slow.push(
        `#${i} ${c.kind} (${c.bytes.length} bytes): ${(ms / 1000).toFixed(1)} s, ${status} ${body.error?.message ?? ""}`,
      );
    const kindCount = byKind.get(c.kind) ?? { accepted: 0, refused: 0 };
    if (status === 201 && body.id) {
      kindCount.accepted++;
      byOutcome.set("201 accepted", (byOutcome.get("201 accepted") ?? 0) + 1);
      // Deleted at once so the soft cap never hides a check.
      const del = await fetch(`${base}/${body.id}`, { method: "DELETE" });
      if (del.status !== 204) problems.push(`#${i} ${c.kind}: delete answered ${del.status}`);
    } else {
      kindCount.refused++;
      const key = `${status} ${body.error?.code ?? "(no code)"}`;
      byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
      if (status >= 500 || status < 400 || !body.error?.code || !body.error.message)
        problems.push(`#${i} ${c.kind}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    byKind.set(c.kind, kindCount);
  }

  server.close();
  await fonts.close();
  await db.close();
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  console.log("\nby input kind (accepted / refused):");
  for (const [kind, n] of [...byKind].sort())
    console.log(`  ${kind.padEnd(28)} ${n.accepted} / ${n.refused}`);
  console.log("\nby answer:");
  for (const [outcome, n] of [...byOutcome].sort()) console.log(`  ${outcome.padEnd(32)} ${n}`);
  const fivexx = [...byOutcome].filter(([k]) => k.startsWith("5")).reduce((n, [, v]) => n + v, 0);
  console.log(`
files uploaded           ${cases.length}
responses 5xx            ${fivexx}
check workers crashed    ${checker.stats.crashed}
checks timed out (hung)  ${checker.stats.timedOut}
answers without a reason ${problems.length}
upload time p50 / p95    ${q(0.5).toFixed(0)} ms / ${q(0.95).toFixed(0)} ms
wall time                ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const p of problems.slice(0, 20)) console.log(`  problem: ${p}`);
  for (const s of slow.slice(0, 20)) console.log(`  slow: ${s}`);
  const ok =
    fivexx === 0 && checker.stats.crashed === 0 && checker.stats.timedOut === 0 && problems.length === 0;
  console.log(ok ? "\nPASS" : "\nFAIL");
  return ok;
}
