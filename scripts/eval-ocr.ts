/**
 * npm run eval:ocr: the engine's OCR against plain tesseract.js on the real images in
 * test/fixtures/real-images (ground truth in labels.json), in one run.
 *
 * Per label language: CER (character error rate over the labelled lines, each aligned to its best match
 * in the reader's output) and line recall (labelled lines read with at most half their characters wrong).
 * Options: --dir <fixtures>, --only <file,...>, --verbose (per image), --json <out.json>,
 * --auto (the engine gets source_language=auto instead of each image's labelled language; tesseract still
 * gets the labelled language).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createWorker, OEM } from "tesseract.js";
import type { SourceLanguage } from "../src/contract/image-translate.ts";
import { type LineScore, scoreLines } from "../src/engine/eval/text-metrics.ts";
import { createNodeEngine } from "../src/engine/node/create-node-engine.ts";
import { REPO_ROOT } from "../src/engine/node/node-assets.ts";

interface Label {
  file: string;
  language: "zh" | "ja" | "en" | "mixed";
  languages?: string[];
  kind: string;
  lines: string[];
}

const { values } = parseArgs({
  options: {
    dir: { type: "string", default: resolve(REPO_ROOT, "test/fixtures/real-images") },
    only: { type: "string" },
    verbose: { type: "boolean", default: false },
    json: { type: "string" },
    auto: { type: "boolean", default: false },
  },
});
const dir = values.dir!;
let labels: Label[] = JSON.parse(readFileSync(join(dir, "labels.json"), "utf8"));
if (values.only) {
  const only = new Set(values.only.split(","));
  labels = labels.filter((l) => only.has(l.file));
}

function engineSource(label: Label): SourceLanguage {
  if (label.language === "ja" || label.languages?.includes("ja")) return "ja";
  if (label.language === "en") return "en";
  return "zh";
}

function tesseractLangs(label: Label): string {
  const src = engineSource(label);
  const main = src === "ja" ? "jpn" : src === "en" ? "eng" : "chi_sim";
  return label.language === "mixed" ? `${main}+eng` : main;
}

const engine = createNodeEngine();
const tessWorkers = new Map<string, Awaited<ReturnType<typeof createWorker>>>();
async function tesseract(langs: string) {
  let w = tessWorkers.get(langs);
  if (!w) {
    w = await createWorker(langs.split("+"), OEM.LSTM_ONLY, {
      langPath: join(REPO_ROOT, "public/tessdata"),
      gzip: false,
      cacheMethod: "none",
    });
    tessWorkers.set(langs, w);
  }
  return w;
}

interface Row {
  file: string;
  language: string;
  engine: LineScore[];
  tesseract: LineScore[];
  engineMs: number;
  tesseractMs: number;
}
const rows: Row[] = [];
for (const label of labels) {
  const bytes = new Uint8Array(readFileSync(join(dir, label.file)));
  let t = performance.now();
  const ocr = await engine.ocr(bytes, { sourceLanguage: values.auto ? "auto" : engineSource(label) });
  const engineMs = performance.now() - t;
  t = performance.now();
  const worker = await tesseract(tesseractLangs(label));
  const tess = await worker.recognize(Buffer.from(bytes));
  const tesseractMs = performance.now() - t;
  const row: Row = {
    file: label.file,
    language: label.language,
    engine: scoreLines(
      label.lines,
      ocr.regions.map((r) => r.text),
    ),
    tesseract: scoreLines(label.lines, [tess.data.text]),
    engineMs,
    tesseractMs,
  };
  rows.push(row);
  if (values.verbose) {
    const cer = (s: LineScore[]) => (sum(s, "errors") / Math.max(1, sum(s, "chars"))).toFixed(3);
    console.log(
      `${label.file} [${label.language}] engine CER ${cer(row.engine)} tesseract CER ${cer(row.tesseract)}`,
    );
    console.log(`  engine:    ${ocr.regions.map((r) => r.text).join(" | ")}`);
    console.log(`  tesseract: ${tess.data.text.replace(/\s*\n\s*/g, " | ")}`);
  }
}

function sum(scores: LineScore[], key: "chars" | "errors"): number {
  return scores.reduce((s, x) => s + x[key], 0);
}

const groups = ["zh", "en", "ja", "mixed", "all"] as const;
const summary: Record<string, unknown> = {};
console.log(
  "\nlanguage  images  lines  | engine CER  recall  | tesseract CER  recall  | CER ratio  | ms/image engine tesseract",
);
for (const g of groups) {
  const rs = rows.filter((r) => g === "all" || r.language === g);
  if (rs.length === 0) continue;
  const e = rs.flatMap((r) => r.engine);
  const t = rs.flatMap((r) => r.tesseract);
  const eCer = sum(e, "errors") / Math.max(1, sum(e, "chars"));
  const tCer = sum(t, "errors") / Math.max(1, sum(t, "chars"));
  const eRec = e.filter((s) => s.found).length / Math.max(1, e.length);
  const tRec = t.filter((s) => s.found).length / Math.max(1, t.length);
  const eMs = rs.reduce((s, r) => s + r.engineMs, 0) / rs.length;
  const tMs = rs.reduce((s, r) => s + r.tesseractMs, 0) / rs.length;
  summary[g] = {
    images: rs.length,
    lines: e.length,
    engine: { cer: eCer, recall: eRec },
    tesseract: { cer: tCer, recall: tRec },
  };
  console.log(
    `${g.padEnd(8)}  ${String(rs.length).padStart(6)}  ${String(e.length).padStart(5)}  |  ${eCer.toFixed(3).padStart(9)}  ${eRec.toFixed(3)}  |  ${tCer.toFixed(3).padStart(12)}  ${tRec.toFixed(3)}  |  ${(eCer / Math.max(1e-9, tCer)).toFixed(2).padStart(8)}  |  ${eMs.toFixed(0).padStart(6)} ${tMs.toFixed(0).padStart(9)}`,
  );
}
console.log("\nCER ratio = engine CER / tesseract CER (goal: at most 0.5 for zh and en, at most 1 for ja).");
if (values.json) writeFileSync(values.json, JSON.stringify({ summary, rows }, null, 2));
await engine.dispose();
for (const w of tessWorkers.values()) await w.terminate();
