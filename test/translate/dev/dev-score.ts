/**
 * The development sets under test/translate/dev/ (written for this project, never taken from the held-out
 * evaluation): reads each `<source>-<target>.tsv`, translates its phrases with the embedded translator and
 * prints how many come out as one of the written Korean forms (spaces and list punctuation aside), how
 * many are kept, and, with --show, every miss.
 *
 * Also how many pass the held-out evaluation's own rule (`judge` of scripts/eval-translate.ts: exact, or
 * chrF >= 0.65 with the numbers agreeing), so the misses that rule would forgive can be told from the rest;
 * --failing shows only the misses it rejects.
 *
 *   npx tsx test/translate/dev/dev-score.ts [--show | --failing] [--kept] [file.tsv ...]
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { judge } from "../../../scripts/eval-translate.ts";
import { createEmbeddedTranslator } from "../../../src/translate/embedded/embedded-translator.ts";
import { loadEmbeddedDataFromDisk } from "../../../src/translate/node/load-embedded-data.ts";
import type { SourceLang } from "../../../src/translate/port.ts";

export interface DevRow {
  text: string;
  accepted: string[];
}

export const DEV_DIR = dirname(fileURLToPath(import.meta.url));

export function readDevSet(file: string): DevRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => {
      const [text = "", accepted = ""] = l.split("\t");
      return { text, accepted: accepted.split("|").map((a) => a.trim()) };
    });
}

/** Spaces and list punctuation are the writer's choice: 방수·미끄럼 방지 reads like 방수 미끄럼방지. */
export function comparable(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\s·・,、/]/g, "")
    .toLowerCase();
}

export interface DevScore {
  pair: string;
  total: number;
  accepted: number;
  /** Outputs the held-out evaluation's rule accepts (exact, or chrF >= 0.65 with the numbers agreeing). */
  judged: number;
  kept: number;
  /** Mean character-bigram F-score of the output against its closest written form (kept texts score 0). */
  similarity: number;
  misses: Array<{ text: string; got: string; status: string; accepted: string[]; judged: boolean }>;
}

function bigrams(text: string): Map<string, number> {
  const chars = [...comparable(text)];
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const b = `${chars[i]}${chars[i + 1]}`;
    out.set(b, (out.get(b) ?? 0) + 1);
  }
  if (chars.length === 1) out.set(chars[0] ?? "", 1);
  return out;
}

/** Character-bigram F-score: how much of two texts' wording they share. */
export function bigramF(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  let common = 0;
  let nx = 0;
  let ny = 0;
  for (const v of x.values()) nx += v;
  for (const v of y.values()) ny += v;
  for (const [k, v] of x) common += Math.min(v, y.get(k) ?? 0);
  return nx && ny ? (2 * common) / (nx + ny) : 0;
}

export async function scoreDevSet(file: string): Promise<DevScore> {
  const pair = basename(file, ".tsv");
  const [source = "zh", target = "ko"] = pair.split("-") as [SourceLang, string];
  const rows = readDevSet(file);
  const translator = createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
  const results = await translator.translateBatch(
    rows.map((r) => r.text),
    source,
    target,
  );
  const score: DevScore = {
    pair,
    total: rows.length,
    accepted: 0,
    judged: 0,
    kept: 0,
    similarity: 0,
    misses: [],
  };
  rows.forEach((row, i) => {
    const r = results[i];
    if (!r) return;
    if (r.status !== "translated") score.kept++;
    else score.similarity += Math.max(...row.accepted.map((a) => bigramF(a, r.text))) / rows.length;
    const ok = r.status === "translated" && row.accepted.some((a) => comparable(a) === comparable(r.text));
    const judged =
      r.status === "translated" &&
      (target === "ko" || target === "en") &&
      judge(row.text, r.text, row.accepted, target).acceptable;
    if (judged) score.judged++;
    if (ok) score.accepted++;
    else score.misses.push({ text: row.text, got: r.text, status: r.status, accepted: row.accepted, judged });
  });
  return score;
}

export function devSetFiles(): string[] {
  return readdirSync(DEV_DIR)
    .filter((f) => f.endsWith(".tsv"))
    .sort()
    .map((f) => join(DEV_DIR, f));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = args.filter((a) => a.endsWith(".tsv"));
  for (const file of files.length ? files : devSetFiles()) {
    const s = await scoreDevSet(file);
    const show = args.includes("--show");
    const failing = args.includes("--failing");
    if (show || failing || args.includes("--kept"))
      for (const m of s.misses)
        if (show || (failing && !m.judged) || m.status !== "translated")
          console.log(
            `${m.status === "translated" ? "  " : "K "}${m.text}\t${m.got}\t[${m.accepted.join(" | ")}]`,
          );
    console.log(
      `${s.pair}: ${((100 * s.accepted) / s.total).toFixed(1)}% accepted (${s.accepted}/${s.total}), ${s.kept} kept, similarity ${s.similarity.toFixed(3)}, judged ${((100 * s.judged) / s.total).toFixed(1)}%`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
