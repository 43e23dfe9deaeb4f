/**
 * npm run docs:pictures: before/after pictures for docs/engine.md. Each picture is the original and the
 * engine's translation side by side (and, for the first of a set, the erased image between them).
 *
 * Two sets, both committed:
 * - docs/images/engine/: the sandbox catalog's own product images (ours: badges, price tags and callouts in
 *   Chinese, Japanese and English drawn with the bundled fonts);
 * - docs/images/engine/real/: real product photos, a poster and a sign from test/fixtures/real-images
 *   (the project's test images, Apache-2.0 repositories; the pictures' copyright stays with their owners,
 *   see docs/engine.md), at most 420 pixels high, as the OCR projects they come from show them in their
 *   own documentation.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createCanvas, Image } from "@napi-rs/canvas";
import { catalogOf } from "../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../server/sandbox/images/render.ts";
import type { SourceLanguage } from "../src/contract/image-translate.ts";
import type { Marketplace } from "../src/contract/marketplace.ts";
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
  { file: "paddleocr_00009282.jpg", source: "zh", target: "ko" },
];

const { values } = parseArgs({
  options: {
    dir: { type: "string", default: resolve(REPO_ROOT, "test/fixtures/real-images") },
    out: { type: "string" },
    height: { type: "string", default: "420" },
  },
});
values.out ??= resolve(REPO_ROOT, "docs/images/engine");

/** The sandbox's own product images: the committed pictures. */
const SANDBOX_PICTURES: (Picture & { marketplace: Marketplace; index: number; lang: "zh" | "ja" | "en" })[] =
  [
    {
      file: "sandbox-crossborder-1",
      marketplace: "crossborder",
      index: 1,
      lang: "zh",
      source: "zh",
      target: "ko",
      erased: true,
    },
    {
      file: "sandbox-crossborder-7",
      marketplace: "crossborder",
      index: 7,
      lang: "zh",
      source: "zh",
      target: "en",
    },
    {
      file: "sandbox-storefront-3",
      marketplace: "storefront",
      index: 3,
      lang: "ja",
      source: "ja",
      target: "ko",
    },
    { file: "sandbox-emporium-5", marketplace: "emporium", index: 5, lang: "en", source: "en", target: "ko" },
  ];

function inputOf(p: Picture): Uint8Array {
  if (!("marketplace" in p)) return new Uint8Array(readFileSync(join(values.dir!, p.file)));
  const sp = p as (typeof SANDBOX_PICTURES)[number];
  const product = catalogOf(sp.marketplace).products[sp.index]!;
  return new Uint8Array(drawProductImage(product, 0, sp.lang).toBuffer("image/jpeg", 90));
}

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
const sets = [
  { dir: values.out!, pictures: SANDBOX_PICTURES as Picture[] },
  { dir: join(values.out!, "real"), pictures: PICTURES },
];
const height = Number(values.height);
for (const { dir, pictures } of sets) {
  mkdirSync(dir, { recursive: true });
  for (const p of pictures) {
    const bytes = inputOf(p);
    const common = { sourceLanguage: p.source, targetLanguage: p.target, translator: t };
    const drawn = await engine.translate(bytes, common);
    if (drawn.kind !== "image") throw new Error("expected an image");
    const panels: Uint8Array[] = [bytes];
    if (p.erased) {
      const data = await engine.translate(bytes, { ...common, render: false });
      if (data.kind === "data")
        panels.push(Uint8Array.from(Buffer.from(data.data.inpainted_base64, "base64")));
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
    writeFileSync(join(dir, name), await canvas.encode("jpeg", 82));
    console.log(`${name}: ${drawn.regionsCount} regions replaced (${t.name} translator)`);
  }
}
await engine.dispose();
