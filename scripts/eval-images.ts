/**
 * npm run eval:images: image translation on real product, poster, sign and scene pictures, judged by the
 * engine's own OCR, next to an older checkout of the code in the same run.
 *
 * Per source language (zh, ja, en), target Korean, for each translator (the embedded one, and a test
 * translator that returns a Korean line for every text, so what remains is what reading, erasing and
 * drawing miss) and each engine (this checkout, and --baseline <dir>, a checkout of the code before):
 *   residual   source characters the OCR still reads in the result where they were (each line read in the
 *              result against the original lines it overlaps) over those it read in the original
 *   regions    translated / kept (left as they were) / failed (TRANSLATION_FAILED for the whole image)
 *   height     detected height of the drawn lines over the original lines' (median, lowest, count < 0.6)
 *   badges     badge backdrops kept (backdrop untouched and the text's pixels filled like it)
 *   damage     share of pixels outside the dilated text boxes that the erase changed (mean, worst)
 *   mixed      translated regions where the OCR still reads two or more of their source characters (in
 *              English, of words of four letters or more: codes, abbreviations and units of up to three
 *              letters, such as RM, GST, SPF, kg, are printed in Latin by Korean shops too, and the
 *              translator keeps them on purpose; they still count in the residual)
 *   ms         translate time per image (median, p95)
 * and a contact sheet (original | translated) per image in --out.
 *
 * Options: --dir <fixtures> (repeatable; default test/fixtures/real-images and test/fixtures/product-images),
 * --split dev|held-out|all (default dev), --translator test|embedded|both (default both), --baseline <dir>,
 * --engines before|now|before,now (default both with --baseline), --only <file,...>, --out <dir> (default
 * tmp/eval-images), --json <file>, --verbose, --from [name=]<run.json>,... (no run: the summary of earlier
 * runs' rows, relabelled with the engine name, for the images the other options select). The measuring OCR
 * is always this checkout's.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { isGatewayError } from "../src/contract/errors.ts";
import type { SourceLanguage, TextRegion } from "../src/contract/image-translate.ts";
import { decodeImage } from "../src/engine/decode.ts";
import type { ImageEngine } from "../src/engine/engine.ts";
import {
  type Box,
  badgeKept,
  centreInside,
  damageOutside,
  grow,
  median,
  ownDetections,
  type Pixels,
  residualChars,
  residualInPlace,
  type SourceScript,
  sourceTokens,
  tokenChars,
} from "../src/engine/eval/image-metrics.ts";
import { type Quad, quadBBox, quadSize } from "../src/engine/geometry.ts";
import { REPO_ROOT } from "../src/engine/node/node-assets.ts";
import { createImage, type RgbaImage, resizeImage } from "../src/engine/raster.ts";
import type { TranslationResult, Translator } from "../src/translate/port.ts";

interface Label {
  file: string;
  language: "zh" | "ja" | "en" | "mixed";
  languages?: string[];
  kind: string;
  lines: string[];
}

const KINDS = new Set(["product", "poster", "sign", "scene"]);

/** English source words a translation must not keep: codes of up to three letters (RM, GST) aside. */
function wordsNotCodes(tokens: Map<string, number>, lang: SourceScript): Map<string, number> {
  if (lang !== "en") return tokens;
  return new Map([...tokens].filter(([word]) => word.length >= 4));
}

const { values } = parseArgs({
  options: {
    dir: { type: "string", multiple: true },
    split: { type: "string", default: "dev" },
    translator: { type: "string", default: "both" },
    baseline: { type: "string" },
    engines: { type: "string" },
    from: { type: "string" },
    only: { type: "string" },
    out: { type: "string", default: resolve(REPO_ROOT, "tmp/eval-images") },
    json: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});

const dirs = values.dir ?? [
  resolve(REPO_ROOT, "test/fixtures/real-images"),
  resolve(REPO_ROOT, "test/fixtures/product-images"),
];

/** A quarter of the set, chosen by name, is held out: read only for the final figures. */
function isHeldOut(file: string): boolean {
  let h = 2166136261;
  for (const ch of file) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h % 4 === 0;
}

function sourceOf(label: Label): SourceScript {
  if (label.language === "ja" || label.languages?.includes("ja")) return "ja";
  if (label.language === "en") return "en";
  return "zh";
}

const only = values.only ? new Set(values.only.split(",")) : undefined;
const images = dirs
  .filter((d) => existsSync(join(d, "labels.json")))
  .flatMap((d) =>
    (JSON.parse(readFileSync(join(d, "labels.json"), "utf8")) as Label[]).map((label) => ({ dir: d, label })),
  )
  .filter(({ label }) => KINDS.has(label.kind))
  .filter(({ label }) => (only ? only.has(label.file) : true))
  .filter(({ label }) =>
    values.split === "all" ? true : (values.split === "held-out") === isHeldOut(label.file),
  );

/** Returns, for every text, a Korean line of about the text's length. */
function createKoreanLineTranslator(): Translator {
  const syllables = [..."번역된한국어문장입니다새상품할인정품"];
  return {
    name: "korean-line",
    async translateBatch(texts): Promise<TranslationResult[]> {
      return texts.map((text) => {
        const cjk = [...text].filter((c) => c.codePointAt(0)! > 0x2e80).length;
        const latin = text.length - cjk;
        const n = Math.max(2, cjk + Math.ceil(latin / 2.5));
        const out = Array.from({ length: n }, (_, i) => syllables[i % syllables.length]).join("");
        return { text: out, status: "translated", provider: "korean-line" };
      });
    },
  };
}

interface EngineModules {
  engine: ImageEngine;
  embedded: () => Promise<Translator>;
}

async function loadEngine(root: string): Promise<EngineModules> {
  const url = (p: string) => pathToFileURL(join(root, p)).href;
  const { createNodeEngine } = await import(url("src/engine/node/create-node-engine.ts"));
  let translator: Promise<Translator> | undefined;
  return {
    engine: createNodeEngine(),
    embedded: () => {
      translator ??= (async () => {
        const { createEmbeddedTranslator } = await import(
          url("src/translate/embedded/embedded-translator.ts")
        );
        const { loadEmbeddedDataFromDisk } = await import(url("src/translate/node/load-embedded-data.ts"));
        return createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
      })();
      return translator;
    },
  };
}

/** What the measuring instrument (this checkout's OCR) sees in a picture. */
interface Reading {
  text: string;
  /** Read lines, with their text. */
  lines: { box: Box; height: number; text: string }[];
  /** Every detected line, read or not (a Hangul line a Chinese reader drops is still detected). */
  detected: { box: Box; height: number }[];
  pixels: RgbaImage;
}

function lineHeight(quad: Quad): number {
  const s = quadSize(quad);
  return Math.min(s.width, s.height);
}

async function read(instrument: ImageEngine, bytes: Uint8Array, lang: SourceScript): Promise<Reading> {
  const { source, groups } = await instrument.recognize(bytes, { sourceLanguage: lang as SourceLanguage });
  const { detector } = await instrument.loadModels();
  const detected = (await detector.detect(source.image)).map((l) => ({
    box: quadBBox(l.quad),
    height: lineHeight(l.quad),
  }));
  const lines = groups.flatMap((g) =>
    g.lines.map((l) => ({ box: quadBBox(l.quad), height: lineHeight(l.quad), text: l.text })),
  );
  return { text: lines.map((l) => l.text).join("\n"), lines, detected, pixels: source.image };
}

interface Row {
  file: string;
  lang: SourceScript;
  engine: string;
  translator: string;
  ms: number;
  error?: string;
  sourceChars: number;
  residual: number;
  translated: number;
  kept: number;
  failed: number;
  heights: number[];
  /** Regions drawn below 0.7 of their original height, for --verbose. */
  small: string[];
  /** Regions counted as mixed, with the source words read again in them, for --verbose. */
  mixedLines?: string[];
  undrawn: number;
  badges: number;
  badgesKept: number;
  damage: number;
  mixed: number;
}

async function measure(
  instrument: ImageEngine,
  modules: EngineModules,
  engineName: string,
  translatorName: string,
  translator: Translator,
  bytes: Uint8Array,
  label: Label,
  original: Reading,
): Promise<{ row: Row; image: Uint8Array }> {
  const lang = sourceOf(label);
  const originalTokens = sourceTokens(original.text, lang);
  const row: Row = {
    file: label.file,
    lang,
    engine: engineName,
    translator: translatorName,
    ms: 0,
    sourceChars: tokenChars(originalTokens),
    residual: 0,
    translated: 0,
    kept: 0,
    failed: 0,
    heights: [],
    small: [],
    undrawn: 0,
    badges: 0,
    badgesKept: 0,
    damage: 0,
    mixed: 0,
  };
  const started = performance.now();
  let outcome: Awaited<ReturnType<ImageEngine["translate"]>>;
  try {
    outcome = await modules.engine.translate(bytes, {
      sourceLanguage: lang as SourceLanguage,
      targetLanguage: "ko",
      translator,
      render: true,
      includeData: true,
    });
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    row.ms = performance.now() - started;
    row.error = error.code;
    row.failed = original.lines.length;
    row.residual = row.sourceChars;
    return { row, image: bytes };
  }
  row.ms = performance.now() - started;
  if (outcome.kind !== "image") throw new Error("expected an image");
  const regions: TextRegion[] = outcome.regions;
  const replaced = regions.filter((r) => r.text_kr !== r.text);
  const keptCount = (outcome as { keptCount?: number }).keptCount;
  row.translated = outcome.regionsCount;
  row.kept = keptCount ?? regions.length - replaced.length;
  const after = await read(instrument, outcome.image, lang);
  row.residual = residualInPlace(
    original.lines,
    after.lines,
    lang,
    original.pixels.width,
    original.pixels.height,
  );
  const W = original.pixels.width;
  const H = original.pixels.height;
  const insides = replaced.map((r) =>
    original.lines.filter((l) => centreInside(l.box, grow(r.bbox, 2, W, H))),
  );
  const heights = insides.map((inside) => (inside.length > 0 ? median(inside.map((l) => l.height)) : 0));
  // Each drawn line counts for one region only: a neighbour's small line is not a headline's.
  const owned = ownDetections(
    replaced.map((r, i) => ({ box: r.bbox, reach: heights[i]! * 0.3 })),
    after.detected,
    W,
    H,
  );
  for (const [i, region] of replaced.entries()) {
    const inside = insides[i]!;
    if (inside.length === 0) continue;
    const originalHeight = heights[i]!;
    const drawnBox = grow(region.bbox, originalHeight * 0.3, W, H);
    const drawn = owned[i]!;
    if (drawn.length === 0) row.undrawn++;
    else {
      const ratio = median(drawn.map((l) => l.height)) / originalHeight;
      row.heights.push(ratio);
      if (ratio < 0.7) row.small.push(`${region.text}→${region.text_kr} ${ratio.toFixed(2)}`);
    }
    const regionTokens = sourceTokens(inside.map((l) => l.text).join(""), lang);
    const left = sourceTokens(
      after.lines
        .filter((l) => centreInside(l.box, drawnBox))
        .map((l) => l.text)
        .join(""),
      lang,
    );
    if (residualChars(wordsNotCodes(regionTokens, lang), left) >= 2) {
      row.mixed++;
      const again = [...left.keys()].filter((t) => regionTokens.has(t)).join(" ");
      row.mixedLines ??= [];
      row.mixedLines.push(`${region.text}→${region.text_kr} (read again: ${again})`);
    }
  }
  const erased = outcome.data ? await decodeBase64(instrument, outcome.data.inpainted_base64) : undefined;
  if (erased) {
    for (const region of replaced.filter((r) => r.is_badge)) {
      row.badges++;
      const box = grow(region.bbox, region.bbox.h * 0.25, W, H);
      if (badgeKept(original.pixels, erased, box, region.text_color, region.bg_color, region.bbox).kept)
        row.badgesKept++;
    }
    const masks = [
      ...original.detected.map((l) => grow(l.box, Math.max(4, l.height * 0.5), W, H)),
      ...replaced.map((r) => grow(r.bbox, Math.max(4, r.bbox.h * 0.25), W, H)),
    ];
    const reference = await roundTrip(instrument, original.pixels);
    row.damage = damageOutside(reference, erased, masks);
  }
  return { row, image: outcome.image };
}

async function decodeBase64(instrument: ImageEngine, base64: string): Promise<Pixels> {
  return (await instrument.ports.codec.decode(new Uint8Array(Buffer.from(base64, "base64")), "jpeg")).image;
}

/** The original through the same JPEG encoder, so encoding noise is not counted as damage. */
async function roundTrip(instrument: ImageEngine, image: RgbaImage): Promise<Pixels> {
  const jpeg = await instrument.ports.codec.encodeJpeg(image, 0.9);
  return (await instrument.ports.codec.decode(jpeg, "jpeg")).image;
}

/** original | translated, each scaled to at most 480 px high. */
async function contactSheet(instrument: ImageEngine, original: RgbaImage, translated: Uint8Array) {
  const right = (await decodeImage(translated, instrument.ports.codec)).image;
  const scale = Math.min(1, 480 / original.height);
  const w = Math.max(1, Math.round(original.width * scale));
  const h = Math.max(1, Math.round(original.height * scale));
  const a = resizeImage(original, w, h);
  const b = resizeImage(right, w, h);
  const gap = 8;
  const sheet = createImage(w * 2 + gap, h);
  sheet.data.fill(255);
  for (let y = 0; y < h; y++) {
    sheet.data.set(a.data.subarray(y * w * 4, (y + 1) * w * 4), y * sheet.width * 4);
    sheet.data.set(b.data.subarray(y * w * 4, (y + 1) * w * 4), (y * sheet.width + w + gap) * 4);
  }
  return instrument.ports.codec.encodeJpeg(sheet, 0.85);
}

const rows: Row[] = [];
let engineNames: string[];
let translatorNames: string[];
if (values.from) {
  // Summaries of earlier runs, each file's rows relabelled with the engine name given before "=".
  for (const item of values.from.split(",")) {
    const [name, file] = item.includes("=") ? item.split("=") : [undefined, item];
    const loaded = (JSON.parse(readFileSync(file!, "utf8")) as { rows: Row[] }).rows;
    const keep = new Set(images.map((i) => i.label.file));
    rows.push(...loaded.filter((r) => keep.has(r.file)).map((r) => ({ ...r, engine: name ?? r.engine })));
  }
  engineNames = [...new Set(rows.map((r) => r.engine))];
  translatorNames = [...new Set(rows.map((r) => r.translator))];
} else {
  const run = await evaluate();
  engineNames = run.engines;
  translatorNames = run.translators;
}

async function evaluate(): Promise<{ engines: string[]; translators: string[] }> {
  const current = await loadEngine(REPO_ROOT);
  const wanted = (values.engines ?? (values.baseline ? "before,now" : "now")).split(",");
  const engines: [string, EngineModules][] = [];
  if (wanted.includes("before")) {
    if (!values.baseline) throw new Error("--engines before needs --baseline <dir>");
    engines.push(["before", await loadEngine(resolve(values.baseline))]);
  }
  if (wanted.includes("now")) engines.push(["now", current]);
  const translatorNames =
    values.translator === "both" ? ["test", "embedded"] : [values.translator as "test" | "embedded"];

  console.log(
    `eval:images: ${images.length} images (split ${values.split}), engines ${engines.map((e) => e[0]).join(", ")}`,
  );
  for (const { dir, label } of images) {
    const bytes = new Uint8Array(readFileSync(join(dir, label.file)));
    const lang = sourceOf(label);
    const original = await read(current.engine, bytes, lang);
    for (const translatorName of translatorNames) {
      for (const [engineName, modules] of engines) {
        const translator =
          translatorName === "test" ? createKoreanLineTranslator() : await modules.embedded();
        const { row, image } = await measure(
          current.engine,
          modules,
          engineName,
          translatorName,
          translator,
          bytes,
          label,
          original,
        );
        rows.push(row);
        const folder = join(values.out!, `${engineName}-${translatorName}`);
        mkdirSync(folder, { recursive: true });
        writeFileSync(
          join(folder, `${label.file.replace(/\.[a-z]+$/, "")}.jpg`),
          await contactSheet(current.engine, original.pixels, image),
        );
        if (values.verbose) {
          console.log(
            `${label.file} [${lang}] ${engineName}/${translatorName}: residual ${row.residual}/${row.sourceChars}, ` +
              `regions ${row.translated}/${row.kept}/${row.failed}${row.error ? ` (${row.error})` : ""}, ` +
              `height ${row.heights.map((h) => h.toFixed(2)).join(" ")}${row.undrawn ? ` undrawn ${row.undrawn}` : ""}, ` +
              `badges ${row.badgesKept}/${row.badges}, damage ${(row.damage * 100).toFixed(2)}%, mixed ${row.mixed}, ${row.ms.toFixed(0)} ms`,
          );
          for (const small of row.small) console.log(`  small: ${small}`);
          for (const line of row.mixedLines ?? []) console.log(`  mixed: ${line}`);
        }
      }
    }
  }

  // The engines' OCR workers and model sessions hold the event loop: without this the script can stay
  // alive after printing its summary.
  for (const [, modules] of engines) await modules.engine.dispose();
  return { engines: engines.map((e) => e[0]), translators: translatorNames };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

const summary: Record<string, unknown>[] = [];
console.log(
  "\nlang translator engine  images | residual        | regions tr/kept/failed | height med  min  <0.6 | badges kept | damage mean  max | mixed | ms med  p95",
);
for (const lang of ["zh", "ja", "en", "all"] as const) {
  for (const translatorName of translatorNames) {
    for (const engineName of engineNames) {
      const rs = rows.filter(
        (r) =>
          (lang === "all" || r.lang === lang) && r.translator === translatorName && r.engine === engineName,
      );
      if (rs.length === 0) continue;
      const sum = (f: (r: Row) => number) => rs.reduce((s, r) => s + f(r), 0);
      const heights = rs.flatMap((r) => r.heights);
      const residual =
        sum((r) => r.residual) /
        Math.max(
          1,
          sum((r) => r.sourceChars),
        );
      const entry = {
        lang,
        translator: translatorName,
        engine: engineName,
        images: rs.length,
        residual,
        residualChars: sum((r) => r.residual),
        sourceChars: sum((r) => r.sourceChars),
        translated: sum((r) => r.translated),
        kept: sum((r) => r.kept),
        failed: sum((r) => r.failed),
        heightMedian: median(heights),
        heightMin: heights.length ? Math.min(...heights) : Number.NaN,
        heightsBelow06: heights.filter((h) => h < 0.6).length,
        heights: heights.length,
        badges: sum((r) => r.badges),
        badgesKept: sum((r) => r.badgesKept),
        damageMean: sum((r) => r.damage) / rs.length,
        damageMax: Math.max(...rs.map((r) => r.damage)),
        mixed: sum((r) => r.mixed),
        msMedian: median(rs.map((r) => r.ms)),
        msP95: percentile(
          rs.map((r) => r.ms),
          95,
        ),
      };
      summary.push(entry);
      const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
      console.log(
        `${lang.padEnd(4)} ${translatorName.padEnd(10)} ${engineName.padEnd(7)} ${String(rs.length).padStart(6)} | ` +
          `${pct(residual).padStart(6)} ${`${entry.residualChars}/${entry.sourceChars}`.padStart(9)} | ` +
          `${`${entry.translated}/${entry.kept}/${entry.failed}`.padStart(22)} | ` +
          `${entry.heightMedian.toFixed(2).padStart(10)} ${entry.heightMin.toFixed(2).padStart(4)} ${String(entry.heightsBelow06).padStart(5)} | ` +
          `${`${entry.badgesKept}/${entry.badges}`.padStart(11)} | ${pct(entry.damageMean).padStart(11)} ${pct(entry.damageMax).padStart(5)} | ` +
          `${String(entry.mixed).padStart(5)} | ${entry.msMedian.toFixed(0).padStart(6)} ${entry.msP95.toFixed(0).padStart(4)}`,
      );
    }
  }
}
console.log(
  "\nGoals with the test translator: residual <= 3%, height median >= 0.85 and none < 0.6, badges kept >= 90%, damage <= 1%, no mixed region.",
);
console.log(`Contact sheets: ${values.out}/<engine>-<translator>/`);
if (values.json) writeFileSync(values.json, JSON.stringify({ summary, rows }, null, 2));
