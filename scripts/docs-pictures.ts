/**
 * npm run docs:pictures: before/after pictures of real images for docs/engine.md, written to
 * docs/images/engine/. Each picture is the original and the engine's translation side by side (and, for
 * the first, the erased image between them). Inputs come from ../shared/fixtures/real-images (see its
 * SOURCES.md for where each picture is from); the translator is the embedded offline one when its data is
 * present, else the small phrase dictionary.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createCanvas, Image } from "@napi-rs/canvas";
import type { SourceLanguage } from "../src/contract/image-translate.ts";
import { createNodeEngine } from "../src/engine/node/create-node-engine.ts";
import { REPO_ROOT } from "../src/engine/node/node-assets.ts";
import { createDictionaryTranslator, PRODUCT_PHRASES } from "../src/engine/testing/dictionary-translator.ts";
import type { Translator } from "../src/translate/port.ts";

interface Picture {
  file: string;
  source: SourceLanguage;
  target: string;
  /** Show the erased image between before and after. */
  erased?: boolean;
}

const PICTURES: Picture[] = [
  { file: "cnstd_taobao.jpg", source: "zh", target: "en", erased: true },
  { file: "cnstd_taobao4.jpg", source: "zh", target: "ko" },
  { file: "rapidocr_ch_en_num.jpg", source: "zh", target: "en" },
  { file: "cnstd_taobao2.jpg", source: "zh", target: "en" },
  { file: "easyocr_japanese.jpg", source: "ja", target: "en" },
  { file: "cnocr_en_book1.jpg", source: "en", target: "ko" },
];

const { values } = parseArgs({
  options: {
    dir: { type: "string", default: resolve(REPO_ROOT, "../shared/fixtures/real-images") },
    out: { type: "string", default: resolve(REPO_ROOT, "docs/images/engine") },
    height: { type: "string", default: "420" },
  },
});

async function translator(): Promise<Translator> {
  try {
    const { createEmbeddedTranslator } = await import("../src/translate/embedded/embedded-translator.ts");
    const { loadEmbeddedDataFromDisk } = await import("../src/translate/node/load-embedded-data.ts");
    return createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
  } catch {
    return createDictionaryTranslator({ byTarget: PRODUCT_PHRASES });
  }
}

async function load(bytes: Uint8Array<ArrayBufferLike>): Promise<Image> {
  const img = new Image();
  img.src = Buffer.from(bytes);
  await img.decode();
  return img;
}

const engine = createNodeEngine();
const t = await translator();
mkdirSync(values.out!, { recursive: true });
const height = Number(values.height);
const lines: string[] = [];
for (const p of PICTURES) {
  const bytes = new Uint8Array(readFileSync(join(values.dir!, p.file)));
  const common = { sourceLanguage: p.source, targetLanguage: p.target, translator: t };
  const drawn = await engine.translate(bytes, common);
  if (drawn.kind !== "image") throw new Error("expected an image");
  const panels: Uint8Array[] = [bytes];
  if (p.erased) {
    const data = await engine.translate(bytes, { ...common, render: false });
    if (data.kind === "data") panels.push(Uint8Array.from(Buffer.from(data.data.inpainted_base64, "base64")));
  }
  panels.push(drawn.image);
  const images = await Promise.all(panels.map(load));
  const scale = Math.min(1, height / images[0]!.height);
  const w = Math.round(images[0]!.width * scale);
  const h = Math.round(images[0]!.height * scale);
  const gap = 8;
  const canvas = createCanvas(images.length * w + (images.length - 1) * gap, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const [i, img] of images.entries()) ctx.drawImage(img, i * (w + gap), 0, w, h);
  const name = `${p.file.replace(/\.[a-z]+$/, "")}-${p.source}-${p.target}.jpg`;
  writeFileSync(join(values.out!, name), await canvas.encode("jpeg", 82));
  lines.push(`${name}: ${drawn.regionsCount} regions replaced (${t.name} translator)`);
  console.log(lines.at(-1));
}
await engine.dispose();
