import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import type { CatalogProduct } from "../catalog/catalog.ts";
import { FREE_SHIPPING, type Lang } from "../catalog/vocab.ts";

/**
 * Product images with real text in them: a sale badge on a filled label, a price tag, feature callouts,
 * in the marketplace's language (Chinese on crossborder, Japanese on storefront, English elsewhere) with
 * some English mixed in, as real listings have. They are the demo material for image translation, so the
 * text is drawn with the bundled CJK fonts and sits on the kinds of backdrops the translator must handle.
 */

const require = createRequire(import.meta.url);
let fontsReady = false;

/** Family names per language; fonts come from node_modules, nothing is downloaded. */
const FAMILY: Record<Lang, string> = { en: "SandboxLatin", zh: "SandboxSC", ja: "SandboxJP" };

/** The installed folder of a package (some font packages export no package.json). */
function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = `${base}/${name}/`;
    if (existsSync(`${dir}package.json`)) return dir;
  }
  throw new Error(`font package ${name} is not installed`);
}

function ensureFonts(): void {
  if (fontsReady) return;
  const pretendard = packageDir("pretendard");
  const sc = packageDir("@embedpdf/fonts-sc");
  const kr = packageDir("@embedpdf/fonts-kr");
  GlobalFonts.registerFromPath(`${pretendard}dist/public/static/Pretendard-Bold.otf`, FAMILY.en);
  GlobalFonts.registerFromPath(`${pretendard}dist/public/static/Pretendard-Regular.otf`, FAMILY.en);
  GlobalFonts.registerFromPath(`${sc}fonts/NotoSansHans-Bold.otf`, FAMILY.zh);
  GlobalFonts.registerFromPath(`${sc}fonts/NotoSansHans-Regular.otf`, FAMILY.zh);
  // Noto Sans KR carries kana and the kanji a Japanese shop uses.
  GlobalFonts.registerFromPath(`${kr}fonts/NotoSansKR-Bold.otf`, FAMILY.ja);
  GlobalFonts.registerFromPath(`${kr}fonts/NotoSansKR-Regular.otf`, FAMILY.ja);
  fontsReady = true;
}

export const IMAGE_SIZE = 800;

export function formatPrice(minor: number, currency: string): string {
  if (currency === "JPY") return `¥${minor.toLocaleString("en-US")}`;
  if (currency === "CNY") return `￥${(minor / 100).toFixed(minor % 100 === 0 ? 0 : 2)}`;
  return `$${(minor / 100).toFixed(2)}`;
}

function badgeText(product: CatalogProduct, lang: Lang): string {
  if (product.discountPct > 0) {
    if (lang === "zh") return `${product.badge.zh} ${(100 - product.discountPct) / 10}折`;
    if (lang === "ja") return `${product.badge.ja} ${product.discountPct}%OFF`;
    return `${product.badge.en} ${product.discountPct}% OFF`;
  }
  return product.badge[lang];
}

/** Draws image `n` (0 is the main image) of a product at `size` pixels square. */
export function drawProductImage(
  product: CatalogProduct,
  n: number,
  lang: Lang,
  size = IMAGE_SIZE,
  reuse?: Canvas,
): Canvas {
  ensureFonts();
  // Index builds draw thousands of small images: they pass one canvas of the right size to reuse.
  const canvas = reuse && reuse.width === size && reuse.height === size ? reuse : createCanvas(size, size);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // A listing's copy of the picture may be cropped: draw the kept square over the whole canvas.
  const copy = product.image;
  ctx.scale(size / (IMAGE_SIZE * copy.keep), size / (IMAGE_SIZE * copy.keep));
  ctx.translate(-copy.left * IMAGE_SIZE, -copy.top * IMAGE_SIZE);
  const d = product.design;
  // Japanese falls back to the Chinese font for the few kanji the Korean Noto subset lacks (対, 様, 軽...),
  // so no image carries a missing-glyph box.
  const family = lang === "ja" ? `${FAMILY.ja}, ${FAMILY.zh}` : FAMILY[lang];

  // Every product gets its own background geometry and decoration, so images differ in their coarse
  // layout (what visual search looks at) and not only in their text.
  const rng = seeded(d.hueA * 7919 + d.hueB * 104_729 + d.accent * 31 + n * 1_000_003);
  const angle = rng() * Math.PI * 2;
  const bg = ctx.createLinearGradient(
    400 - 400 * Math.cos(angle),
    400 - 400 * Math.sin(angle),
    400 + 400 * Math.cos(angle),
    400 + 400 * Math.sin(angle),
  );
  bg.addColorStop(0, `hsl(${d.hueA + n * 40}, 65%, ${80 + rng() * 12}%)`);
  bg.addColorStop(1, `hsl(${d.hueB + n * 25}, 55%, ${45 + rng() * 30}%)`);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, IMAGE_SIZE, IMAGE_SIZE);
  for (let i = 0; i < 4; i++) {
    ctx.fillStyle = `hsla(${Math.floor(rng() * 360)}, ${40 + rng() * 40}%, ${35 + rng() * 45}%, 0.55)`;
    ctx.beginPath();
    if (rng() < 0.5) ctx.arc(rng() * 800, rng() * 800, 60 + rng() * 180, 0, Math.PI * 2);
    else ctx.rect(rng() * 700, rng() * 700, 80 + rng() * 320, 60 + rng() * 240);
    ctx.fill();
  }

  drawSilhouette(
    ctx,
    d.shape,
    180 + rng() * 440,
    220 + rng() * 360,
    0.6 + rng() * 0.6,
    n,
    `hsl(${d.accent}, 55%, ${30 + rng() * 35}%)`,
  );

  if (n === 0) {
    // Sale badge: white text on a filled red label, top left.
    label(ctx, badgeText(product, lang), 40, 40, `bold 58px ${family}`, "#e0322b", "#ffffff");
    // Price tag: dark text on a yellow tag, bottom right.
    const price = formatPrice(product.priceMinor, product.currency);
    const tagFont = `bold 64px ${FAMILY.en}`;
    ctx.font = tagFont;
    const width = ctx.measureText(price).width + 56;
    label(ctx, price, IMAGE_SIZE - 40 - width, IMAGE_SIZE - 150, tagFont, "#ffd23f", "#1d1d1f");
    // Feature callout on a translucent white panel, bottom left; English beside the local words.
    const feature = product.features[0]!;
    const line = lang === "en" ? feature.en : `${feature[lang]} ${feature.en}`;
    label(ctx, line, 40, IMAGE_SIZE - 250, `bold 44px ${family}`, "rgba(255,255,255,0.85)", "#222222");
  } else if (n === 1) {
    let y = 90;
    for (const feature of product.features) {
      label(ctx, `✓ ${feature[lang]}`, 48, y, `bold 52px ${family}`, "rgba(20,20,20,0.78)", "#ffffff");
      y += 120;
    }
    ctx.fillStyle = "#1d1d1f";
    ctx.font = `bold 40px ${family}`;
    ctx.fillText(
      (lang === "en" ? product.brand.toUpperCase() : product.brand).slice(0, 24),
      52,
      IMAGE_SIZE - 60,
    );
  } else {
    const free = product.freeShipping
      ? FREE_SHIPPING[lang]
      : lang === "en"
        ? "Fast Delivery"
        : lang === "zh"
          ? "极速发货"
          : "スピード配送";
    label(ctx, free, IMAGE_SIZE / 2 - 200, 60, `bold 62px ${family}`, "#1a73e8", "#ffffff");
    ctx.fillStyle = "#202124";
    ctx.font = `bold 46px ${family}`;
    ctx.fillText(product.leaf.noun!.words[lang].slice(0, 14), 60, IMAGE_SIZE - 80);
  }
  return canvas;
}

function label(
  ctx: SKRSContext2D,
  text: string,
  x: number,
  y: number,
  font: string,
  fill: string,
  ink: string,
): void {
  ctx.font = font;
  const metrics = ctx.measureText(text);
  const height = Number.parseInt(/(\d+)px/.exec(font)?.[1] ?? "40", 10);
  const width = Math.min(metrics.width, IMAGE_SIZE - x - 40) + 48;
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height * 1.55, 18);
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + 24, y + height * 0.8, IMAGE_SIZE - x - 88);
  ctx.textBaseline = "alphabetic";
}

/** A small deterministic generator for the design of one image. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function drawSilhouette(
  ctx: SKRSContext2D,
  shape: number,
  cx: number,
  cy: number,
  scale: number,
  n: number,
  color: string,
): void {
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(scale, scale);
  ctx.translate(-cx, -cy);
  ctx.fillStyle = color;
  ctx.beginPath();
  switch ((shape + n) % 4) {
    case 0:
      ctx.arc(cx, cy, 190, 0, Math.PI * 2);
      break;
    case 1:
      ctx.roundRect(cx - 210, cy - 150, 420, 300, 40);
      break;
    case 2:
      ctx.roundRect(cx - 110, cy - 210, 220, 420, 60);
      ctx.roundRect(cx - 45, cy - 280, 90, 90, 20);
      break;
    default:
      for (let i = 0; i < 6; i++) {
        const a = (Math.PI / 3) * i + Math.PI / 6;
        const px = cx + 210 * Math.cos(a);
        const py = cy + 210 * Math.sin(a);
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.closePath();
  }
  ctx.fill();
  // A highlight so the shape reads as an object rather than a flat blob.
  ctx.fillStyle = "rgba(255,255,255,0.25)";
  ctx.beginPath();
  ctx.ellipse(cx - 60, cy - 70, 70, 40, -0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** JPEG bytes of an image, rendered once and kept (a small LRU: images are rendered on demand). */
export class ImageCache {
  readonly #entries = new Map<string, Buffer>();
  readonly #max: number;

  constructor(max = 256) {
    this.#max = max;
  }

  get(product: CatalogProduct, n: number, lang: Lang, width?: number): Buffer {
    const size = width === undefined ? product.image.size : Math.min(width, product.image.size);
    const key = `${product.marketplace}:${product.index}:${n}:${size}`;
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const jpeg = drawProductImage(product, n, lang, size).toBuffer("image/jpeg", product.image.quality);
    this.#entries.set(key, jpeg);
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    return jpeg;
  }
}
