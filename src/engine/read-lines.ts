/**
 * Stage 3: reads every detected line. PP-OCRv4 recognition reads Chinese and English; Japanese lines go
 * to tesseract.js (jpn), whose model knows kana that the PP-OCR dictionary lacks. `auto` reads with PP-OCR
 * first and hands a line to tesseract when PP-OCR is unsure and tesseract finds kana in it.
 */
import { encodeBmp } from "./bmp.ts";
import type { DetectedLine } from "./detect.ts";
import { type Quad, quadSize } from "./geometry.ts";
import { jisCharacters } from "./jis-characters.ts";
import { cropLine } from "./line-crops.ts";
import type { OcrWorker } from "./ports.ts";
import { createImage, type RgbaImage, resizeImage } from "./raster.ts";
import type { RecognizedText, TextRecognizer } from "./recognize.ts";
import { charScript, countScripts, type NormalizedSource } from "./script.ts";
import { extractTextMask } from "./text-mask.ts";
import { expandQuad, warpQuad } from "./warp.ts";

export interface ReadLine {
  quad: Quad;
  text: string;
  confidence: number;
  /** The upright image the text was read from. */
  crop: RgbaImage;
  vertical: boolean;
  reader: "pp-ocr" | "tesseract";
}

export interface Readers {
  recognizer: TextRecognizer;
  /** Lazily started tesseract worker for Japanese (started only when a Japanese line needs it). */
  japanese: () => Promise<OcrWorker>;
}

/** PaddleOCR's drop_score: lines read with less confidence are noise more often than text. */
const MIN_CONFIDENCE = 0.5;
/** tesseract's line confidence runs lower for the same quality of reading. */
const MIN_TESSERACT_CONFIDENCE = 0.35;
/** Below this PP-OCR confidence an `auto` line is offered to the Japanese reader. */
const AUTO_RECHECK = 0.9;
/** PP-OCR's confidence in a line above which its numbers replace tesseract's (see withNumbersOf). */
const SURE_DIGITS = 0.8;
/** How many lines `auto` shows tesseract before deciding whether a picture is Japanese. */
const AUTO_PROBES = 3;

export async function readLines(
  image: RgbaImage,
  lines: readonly DetectedLine[],
  source: NormalizedSource,
  readers: Readers,
  signal?: AbortSignal,
): Promise<ReadLine[]> {
  const crops = lines.map((l) => {
    signal?.throwIfAborted();
    return cropLine(image, l.quad);
  });
  const flat = crops.flatMap((c) => c.candidates);
  const restrict = source === "en" ? "latin" : undefined;
  const results = await readers.recognizer.recognize(flat, { signal, restrict });
  const out: ReadLine[] = [];
  let k = 0;
  for (let i = 0; i < lines.length; i++) {
    const crop = crops[i]!;
    let best: RecognizedText | undefined;
    let bestCrop = crop.candidates[0]!;
    for (const candidate of crop.candidates) {
      const r = results[k++]!;
      // The first candidate (the natural reading) wins ties.
      if (best === undefined || r.confidence > best.confidence + 0.02) {
        best = r;
        bestCrop = candidate;
      }
    }
    out.push({
      quad: lines[i]!.quad,
      text: best!.text,
      confidence: best!.confidence,
      crop: bestCrop,
      vertical: crop.vertical,
      reader: "pp-ocr",
    });
  }

  if (source === "ja" || source === "auto") {
    const readJapanese = async (i: number) => {
      signal?.throwIfAborted();
      const line = out[i]!;
      // PP-OCR cannot read kana, so its low confidence on a restacked column says nothing about the
      // orientation: a Japanese column is read upright unless PP-OCR was sure of a turned reading.
      const crop = crops[i]!;
      const lineImage = crop.vertical && line.confidence < 0.8 ? crop.candidates[0]! : line.crop;
      // A horizontal line is shown to tesseract with the ground around its box, so ink and ground are told
      // apart by pixels that surely are ground (a tight box's edge can be mostly stroke: red type on white
      // was read as white type on red, and most of the line lost).
      const shown = crop.vertical ? { crop: lineImage, margin: 0 } : framedLine(image, lines[i]!.quad);
      const worker = await readers.japanese();
      const t = await worker.recognize(encodeBmp(prepareForTesseract(shown.crop, shown.margin)), "line");
      return { text: tidyJapanese(t.text), confidence: t.confidence, image: lineImage };
    };
    const adopt = (i: number, r: Awaited<ReturnType<typeof readJapanese>>) => {
      const line = out[i]!;
      line.text = line.confidence >= SURE_DIGITS ? withNumbersOf(line.text, r.text) : r.text;
      line.confidence = r.confidence;
      line.crop = r.image;
      line.reader = "tesseract";
    };
    if (source === "ja") {
      for (let i = 0; i < out.length; i++) {
        const r = await readJapanese(i);
        const line = out[i]!;
        // PP-OCR reads kanji, Latin and digits better than tesseract: its reading stands unless tesseract,
        // itself fairly sure, found kana in the line or PP-OCR could hardly read it at all.
        const ppUnsure = line.confidence < 0.6 && r.confidence > line.confidence;
        const credible = r.confidence >= Math.max(MIN_TESSERACT_CONFIDENCE, 0.6 * line.confidence);
        if (r.text.length > 0 && credible && (hasKana(r.text) || ppUnsure)) adopt(i, r);
      }
    } else {
      // auto: PP-OCR reads katakana as look-alike hanzi (セール as 七一儿) with high confidence, so its
      // output cannot say "Japanese". A few lines go to tesseract first; kana in its reading of any of
      // them makes the picture Japanese, and every line that could be Japanese is then read by it.
      const jis = jisCharacters();
      const chinese = jis !== null && clearlyChinese(out, jis);
      const candidates = out
        .map((line, i) => ({ i, line }))
        .filter(
          ({ line }) =>
            !(chinese && line.confidence >= SURE_CHINESE && foreignHan(line.text, jis).length > 0) &&
            (hasKana(line.text) || (countScripts(line.text).han ?? 0) > 0 || line.confidence < AUTO_RECHECK),
        )
        .sort((a, b) => a.line.confidence - b.line.confidence);
      const probed = new Map<number, Awaited<ReturnType<typeof readJapanese>>>();
      let japanese = false;
      for (const { i } of candidates.slice(0, AUTO_PROBES)) {
        const r = await readJapanese(i);
        probed.set(i, r);
        if (kanaCount(r.text) >= 2 && r.confidence >= 0.6) japanese = true;
      }
      for (const { i } of candidates) {
        const r = probed.get(i) ?? (japanese ? await readJapanese(i) : undefined);
        if (r !== undefined && hasKana(r.text) && (japanese || r.confidence >= out[i]!.confidence))
          adopt(i, r);
      }
    }
  }
  return out.filter(
    (l) =>
      l.text.trim().length > 0 &&
      l.confidence >= (l.reader === "tesseract" ? MIN_TESSERACT_CONFIDENCE : MIN_CONFIDENCE),
  );
}

/** PP-OCR's confidence in a line above which a character Japanese never writes settles it as Chinese. */
const SURE_CHINESE = 0.8;

/**
 * Whether the lines read with confidence say the picture is Chinese: Han that Japanese never writes
 * (simplified forms outside Shift_JIS, such as 这, 们, 发), at least four different ones making up a tenth
 * of the Han read. PP-OCR misreads a Japanese picture's kanji as simplified forms now and then (規 as 规),
 * two different ones at most on each Japanese image of the fixtures, and reads katakana as look-alike Han
 * (七一儿 for セール), which Japanese writes too. In such a picture the lines holding those characters need
 * no Japanese reader; the rest are still probed, so a Japanese label photographed in a Chinese listing is
 * still read as Japanese.
 */
function clearlyChinese(lines: readonly ReadLine[], jis: Set<string>): boolean {
  const foreign = new Set<string>();
  let han = 0;
  for (const line of lines) {
    if (line.confidence < AUTO_RECHECK) continue;
    han += countScripts(line.text).han ?? 0;
    for (const ch of foreignHan(line.text, jis)) foreign.add(ch);
  }
  return foreign.size >= 4 && foreign.size >= 0.1 * han;
}

/** The Han characters of a text that Japanese does not write. */
function foreignHan(text: string, jis: Set<string>): string[] {
  return [...text].filter((ch) => charScript(ch.codePointAt(0)!) === "han" && !jis.has(ch));
}

function kanaCount(text: string): number {
  return countScripts(text).kana ?? 0;
}

function hasKana(text: string): boolean {
  return (countScripts(text).kana ?? 0) > 0;
}

/** A number standing alone: not glued to letters (PP-OCR's 0FF for OFF is no number). */
const NUMBER = /(?<![A-Za-z\d])\d+(?:[.,]\d+)*(?![A-Za-z\d])/g;

/**
 * tesseract's reading of a Japanese line with the numbers PP-OCR read in it, when both found as many:
 * PP-OCR reads digits better (tesseract's jpn model reads 40% as 409%), and a wrong price or discount is the
 * worst thing a translated picture can say.
 */
export function withNumbersOf(ppText: string, tesseractText: string): string {
  const sure = ppText.match(NUMBER) ?? [];
  const read = tesseractText.match(NUMBER) ?? [];
  if (sure.length === 0 || sure.length !== read.length) return tesseractText;
  let k = 0;
  return tesseractText.replace(NUMBER, () => sure[k++]!);
}

/** A horizontal line's box and a margin of the ground around it (15% of the line's height). */
function framedLine(image: RgbaImage, quad: Quad): { crop: RgbaImage; margin: number } {
  const { width, height } = quadSize(quad);
  const margin = Math.max(3, Math.round(height * 0.15));
  const crop = warpQuad(image, expandQuad(quad, margin), width + 2 * margin, height + 2 * margin);
  return { crop, margin };
}

/** tesseract puts spaces between Japanese characters; they are not in the text. */
export function tidyJapanese(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/(?<=[^\u0020-\u007e]) (?=[^\u0020-\u007e])/g, "")
    .trim();
}

/**
 * tesseract reads clean dark text on white best, with a margin, at a cap height of about 40 px. The crop
 * is separated into text and ground with the same mask the analysis uses (so screentone, gradients and
 * light-on-dark text all become black on white) and scaled. Its ink is read at the 80th percentile of the
 * strongest pixels, whatever the stroke width: the binarization tesseract reads best was tuned so.
 * `margin`: how much of the crop around the text's box is ground (0: the crop is the box).
 */
export function prepareForTesseract(crop: RgbaImage, margin = 0): RgbaImage {
  const scale = Math.min(4, Math.max(0.5, 56 / Math.max(1, crop.height - 2 * margin)));
  const scaled = resizeImage(
    crop,
    Math.max(1, Math.round(crop.width * scale)),
    Math.max(1, Math.round(crop.height * scale)),
  );
  // The text's box inside the crop: inside the margin, or else a thin band in from the crop's edge.
  const band = margin > 0 ? Math.round(margin * scale) : Math.max(1, Math.round(scaled.height * 0.06));
  const mask = extractTextMask(
    scaled,
    {
      x0: band,
      y0: band,
      x1: Math.max(band + 1, scaled.width - band),
      y1: Math.max(band + 1, scaled.height - band),
    },
    { inkRank: 0.8 },
  );
  const pad = 12;
  const out = createImage(scaled.width + 2 * pad, scaled.height + 2 * pad);
  out.data.fill(255);
  for (let y = 0; y < scaled.height; y++) {
    for (let x = 0; x < scaled.width; x++) {
      const v = 255 * (1 - mask.alpha[y * scaled.width + x]!);
      const t = ((y + pad) * out.width + x + pad) * 4;
      out.data[t] = v;
      out.data[t + 1] = v;
      out.data[t + 2] = v;
    }
  }
  return out;
}
