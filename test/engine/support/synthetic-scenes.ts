/**
 * Generated product-style images with known truth, for checking region analysis and the round trip:
 * text of a known colour, font and weight class, some of it on badges (filled shapes), over plain,
 * gradient and photo-like grounds, saved as JPEG like real marketplace pictures.
 *
 * The photo-like ground is procedural (a smooth colour field, several octaves of value noise and grain),
 * because no text-free photographs ship with the repository.
 */
import { createCanvas, ImageData } from "@napi-rs/canvas";
import type { BundledFont, DetectedWeight, Rgb } from "../../../src/contract/image-translate.ts";
import { contrastRatio, rgb } from "../../../src/engine/color.ts";
import { NodeAssetLoader } from "../../../src/engine/node/node-assets.ts";
import type { RgbaImage } from "../../../src/engine/raster.ts";
import { tracePath } from "../../../src/engine/render.ts";
import { FontLibrary } from "../../../src/fonts/font-library.ts";

export type Ground = "plain" | "gradient" | "photo";

export interface TruthItem {
  text: string;
  box: { x: number; y: number; w: number; h: number };
  textColor: Rgb;
  /** The ground right under the text: the badge fill, or the picture's median there. */
  bgColor: Rgb;
  weight: DetectedWeight;
  isBadge: boolean;
  font: string;
  fontWeight: number;
  size: number;
}

export interface Scene {
  jpeg: Uint8Array;
  width: number;
  height: number;
  ground: Ground;
  items: TruthItem[];
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LATIN = [
  "SALE",
  "New Arrival",
  "Free Shipping",
  "Best Price",
  "Limited Offer",
  "Premium",
  "Hot Deal",
  "50% OFF",
  "Today Only",
  "Top Quality",
];
const HAN = [
  "限时特价",
  "新品上市",
  "全场包邮",
  "正品保证",
  "热卖推荐",
  "买一送一",
  "今日特惠",
  "品质保障",
  "限時特價",
  "品質保證",
  "熱賣推薦",
];

interface FontChoice {
  family: BundledFont;
  weight: number;
  cls: DetectedWeight;
}

/**
 * Faces by weight class, with the three classes the analyser names: Thin (100-200), Regular (400),
 * Bold (700-900). Noto Sans SC ships no weight under 300, so thin Han comes from Noto Sans KR's hanja.
 */
const FACES: Record<DetectedWeight, FontChoice[]> = {
  Thin: [
    { family: "Pretendard", weight: 100, cls: "Thin" },
    { family: "Pretendard", weight: 200, cls: "Thin" },
    { family: "NotoSansKR", weight: 100, cls: "Thin" },
  ],
  Regular: [
    { family: "Pretendard", weight: 400, cls: "Regular" },
    { family: "NotoSansKR", weight: 400, cls: "Regular" },
    { family: "NotoSansSC", weight: 400, cls: "Regular" },
  ],
  Bold: [
    { family: "Pretendard", weight: 700, cls: "Bold" },
    { family: "Pretendard", weight: 800, cls: "Bold" },
    { family: "Pretendard", weight: 900, cls: "Bold" },
    { family: "NotoSansKR", weight: 700, cls: "Bold" },
    { family: "NotoSansKR", weight: 900, cls: "Bold" },
    { family: "NotoSansSC", weight: 700, cls: "Bold" },
  ],
};

export class SceneGenerator {
  readonly fonts = new FontLibrary(new NodeAssetLoader());

  async scene(
    seed: number,
    ground: Ground,
    width = 640,
    height = 480,
    options: { hanOnly?: boolean } = {},
  ): Promise<Scene> {
    const rand = mulberry32(seed);
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
    const bg = makeGround(ground, width, height, rand);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext("2d");
    ctx.putImageData(new ImageData(bg.data, width, height), 0, 0);
    const items: TruthItem[] = [];
    // Four slots in a 2 x 2 grid keep items apart, so each is its own region.
    const slots = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const;
    for (const [sx, sy] of slots) {
      const cls = pick(["Thin", "Regular", "Bold"] as const);
      const face = pick(FACES[cls]);
      const f = await this.fonts.bundled(face.family, face.weight);
      // Only texts the face can draw whole (Pretendard has no Han; Noto Sans KR only traditional forms).
      const pool = options.hanOnly ? HAN : [...LATIN, ...HAN];
      const texts = pool.filter((t) => [...t].every((c) => c === " " || f.map.has(c)));
      if (texts.length === 0) continue;
      const text = pick(texts);
      const badge = rand() < 0.4;
      // Hairline weights only at display sizes: below about 1.5 px a stroke never shows its own colour.
      const size = Math.round((cls === "Thin" ? 40 : 22) + rand() * (cls === "Thin" ? 24 : 34));
      const glyphs = f.font.stringToGlyphs(text);
      const scale = size / f.font.unitsPerEm;
      const advance = glyphs.reduce((s, g) => s + (g.advanceWidth ?? 0), 0) * scale;
      const cellW = width / 2;
      const cellH = height / 2;
      if (advance > cellW - 40) continue;
      const x = sx * cellW + 20 + rand() * (cellW - 40 - advance);
      const baseline = sy * cellH + cellH / 2 + size * 0.35 + (rand() - 0.5) * (cellH - size * 2.2) * 0.5;
      const top = baseline - size * 0.85;
      const boxH = size * 1.05;
      let ground: Rgb = sampleMedian(bg, x, top, advance, boxH);
      if (badge) {
        // A filled shape that differs from what is around it.
        let fill = rgb(rand() * 255, rand() * 255, rand() * 255);
        for (let k = 0; k < 20 && contrastRatio(fill, ground) < 1.8; k++)
          fill = rgb(rand() * 255, rand() * 255, rand() * 255);
        const padX = size * (0.35 + rand() * 0.5);
        const padY = size * (0.3 + rand() * 0.4);
        const shape = pick(["rect", "round", "pill", "ellipse"] as const);
        ctx.fillStyle = `rgb(${fill.r},${fill.g},${fill.b})`;
        const bx = x - padX;
        const by = top - padY;
        const bw = advance + 2 * padX;
        const bh = boxH + 2 * padY;
        ctx.beginPath();
        if (shape === "ellipse")
          ctx.ellipse(bx + bw / 2, by + bh / 2, bw / 2 + padX * 0.4, bh / 2 + padY * 0.4, 0, 0, Math.PI * 2);
        else ctx.roundRect(bx, by, bw, bh, shape === "rect" ? 0 : shape === "round" ? size * 0.25 : bh / 2);
        ctx.fill();
        ground = fill;
      }
      let color = rgb(rand() * 255, rand() * 255, rand() * 255);
      for (let k = 0; k < 40 && contrastRatio(color, ground) < 3.5; k++)
        color = rgb(rand() * 255, rand() * 255, rand() * 255);
      if (contrastRatio(color, ground) < 3.5)
        color = contrastRatio(rgb(0, 0, 0), ground) > 5 ? rgb(15, 15, 15) : rgb(245, 245, 245);
      ctx.fillStyle = `rgb(${color.r},${color.g},${color.b})`;
      ctx.beginPath();
      let pen = x;
      for (const g of glyphs) {
        tracePath(ctx, g.getPath(pen, baseline, size).commands);
        pen += (g.advanceWidth ?? 0) * scale;
      }
      ctx.fill();
      items.push({
        text,
        box: { x, y: top, w: advance, h: boxH },
        textColor: color,
        bgColor: ground,
        weight: cls,
        isBadge: badge,
        font: face.family,
        fontWeight: face.weight,
        size,
      });
    }
    const jpeg = new Uint8Array(await canvas.encode("jpeg", 88));
    return { jpeg, width, height, ground, items };
  }
}

/**
 * An 800 x 800 product picture with ten lines of Chinese text: a headline, callouts, three badges and a
 * price, over a photo-like ground (the benchmark's standard input).
 */
export async function productImage(generator: SceneGenerator, seed = 1): Promise<Uint8Array> {
  const rand = mulberry32(seed);
  const ground = makeGround("photo", 800, 800, rand);
  const canvas = createCanvas(800, 800);
  const ctx = canvas.getContext("2d");
  ctx.putImageData(new ImageData(ground.data, 800, 800), 0, 0);
  const bold = await generator.fonts.bundled("NotoSansSC", 700);
  const regular = await generator.fonts.bundled("NotoSansSC", 400);
  const lines: Array<{
    text: string;
    x: number;
    y: number;
    size: number;
    color: string;
    face: typeof bold;
    badge?: string;
  }> = [
    { text: "夏季新品上市", x: 60, y: 110, size: 64, color: "#ffffff", face: bold },
    { text: "100%纯棉面料", x: 60, y: 190, size: 40, color: "#fff3c4", face: regular },
    { text: "限时特价", x: 540, y: 120, size: 40, color: "#ffffff", face: bold, badge: "#e02020" },
    { text: "全场包邮", x: 560, y: 230, size: 34, color: "#1a1a1a", face: bold, badge: "#ffd400" },
    { text: "舒适透气 不起球", x: 60, y: 330, size: 36, color: "#ffffff", face: regular },
    { text: "多色可选", x: 60, y: 400, size: 32, color: "#ffffff", face: regular },
    { text: "正品保证", x: 580, y: 520, size: 32, color: "#ffffff", face: bold, badge: "#1f6feb" },
    { text: "买一送一", x: 60, y: 560, size: 44, color: "#ffe066", face: bold },
    { text: "今日下单立减20元", x: 60, y: 680, size: 38, color: "#ffffff", face: bold },
    { text: "¥99", x: 600, y: 700, size: 72, color: "#ff3b30", face: bold },
  ];
  for (const l of lines) {
    const glyphs = l.face.font.stringToGlyphs(l.text);
    const scale = l.size / l.face.font.unitsPerEm;
    const advance = glyphs.reduce((sum, g) => sum + (g.advanceWidth ?? 0), 0) * scale;
    if (l.badge) {
      ctx.fillStyle = l.badge;
      ctx.beginPath();
      ctx.roundRect(l.x - l.size * 0.5, l.y - l.size * 1.2, advance + l.size, l.size * 1.7, l.size * 0.3);
      ctx.fill();
    }
    ctx.fillStyle = l.color;
    ctx.beginPath();
    let pen = l.x;
    for (const g of glyphs) {
      tracePath(ctx, g.getPath(pen, l.y, l.size).commands);
      pen += (g.advanceWidth ?? 0) * scale;
    }
    ctx.fill();
  }
  return new Uint8Array(await canvas.encode("jpeg", 88));
}

function makeGround(kind: Ground, w: number, h: number, rand: () => number): RgbaImage {
  const data = new Uint8ClampedArray(w * h * 4);
  const c0 = [rand() * 255, rand() * 255, rand() * 255];
  const c1 = [rand() * 255, rand() * 255, rand() * 255];
  const angle = rand() * Math.PI * 2;
  const grid = 6;
  const field = Array.from({ length: (grid + 1) * (grid + 1) }, () => [
    rand() * 255,
    rand() * 255,
    rand() * 255,
  ]);
  const octaves = [16, 7, 3].map((cell) => ({
    cell,
    amp: cell === 16 ? 22 : cell === 7 ? 14 : 8,
    table: Array.from({ length: 4096 }, () => rand() * 2 - 1),
  }));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let c: number[];
      if (kind === "plain") c = c0;
      else if (kind === "gradient") {
        const t = (x / w - 0.5) * Math.cos(angle) + (y / h - 0.5) * Math.sin(angle) + 0.5;
        c = c0.map((v, i) => v + (c1[i]! - v) * Math.min(1, Math.max(0, t)));
      } else {
        const gx = (x / w) * grid;
        const gy = (y / h) * grid;
        const ix = Math.min(grid - 1, Math.floor(gx));
        const iy = Math.min(grid - 1, Math.floor(gy));
        const fx = gx - ix;
        const fy = gy - iy;
        const at = (i: number, j: number) => field[j * (grid + 1) + i]!;
        c = [0, 1, 2].map(
          (k) =>
            at(ix, iy)[k]! * (1 - fx) * (1 - fy) +
            at(ix + 1, iy)[k]! * fx * (1 - fy) +
            at(ix, iy + 1)[k]! * (1 - fx) * fy +
            at(ix + 1, iy + 1)[k]! * fx * fy,
        );
        let n = 0;
        for (const o of octaves) n += valueNoise(o.table, x / o.cell, y / o.cell) * o.amp;
        n += (rand() - 0.5) * 10;
        c = c.map((v) => v * 0.75 + 32 + n);
      }
      const i = (y * w + x) * 4;
      data[i] = c[0]!;
      data[i + 1] = c[1]!;
      data[i + 2] = c[2]!;
      data[i + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}

function valueNoise(table: number[], x: number, y: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const v = (i: number, j: number) => table[((i * 73856093) ^ (j * 19349663)) & 4095]!;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = v(xi, yi) * (1 - sx) + v(xi + 1, yi) * sx;
  const bottom = v(xi, yi + 1) * (1 - sx) + v(xi + 1, yi + 1) * sx;
  return top * (1 - sy) + bottom * sy;
}

function sampleMedian(img: RgbaImage, x: number, y: number, w: number, h: number): Rgb {
  const r: number[] = [];
  const g: number[] = [];
  const b: number[] = [];
  for (let yy = Math.max(0, Math.floor(y)); yy < Math.min(img.height, y + h); yy += 2) {
    for (let xx = Math.max(0, Math.floor(x)); xx < Math.min(img.width, x + w); xx += 2) {
      const i = (yy * img.width + xx) * 4;
      r.push(img.data[i]!);
      g.push(img.data[i + 1]!);
      b.push(img.data[i + 2]!);
    }
  }
  const med = (a: number[]) => a.sort((p, q) => p - q)[a.length >> 1] ?? 0;
  return rgb(med(r), med(g), med(b));
}
