/** Small images for tests, made with @napi-rs/canvas so no binary fixtures are needed. */
import { createCanvas } from "@napi-rs/canvas";
import { tracePath } from "../../../src/engine/render.ts";
import type { FontFace } from "../../../src/fonts/font-library.ts";

export interface TextSpec {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  color?: string;
  face: FontFace;
  /** Degrees, about the text's start point. */
  rotate?: number;
  /** A filled box behind the text. */
  badge?: string;
}

export async function drawImage(
  width: number,
  height: number,
  texts: TextSpec[],
  options: { background?: string; format?: "png" | "jpeg" } = {},
): Promise<Uint8Array> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = options.background ?? "#f4f1ea";
  ctx.fillRect(0, 0, width, height);
  for (const t of texts) {
    const glyphs = t.face.font.stringToGlyphs(t.text);
    const scale = t.size / t.face.font.unitsPerEm;
    const advance = glyphs.reduce((s, g) => s + (g.advanceWidth ?? 0), 0) * scale;
    ctx.save();
    ctx.translate(t.x, t.y);
    ctx.rotate(((t.rotate ?? 0) * Math.PI) / 180);
    if (t.badge) {
      ctx.fillStyle = t.badge;
      ctx.beginPath();
      ctx.roundRect(-t.size * 0.5, -t.size * 1.25, advance + t.size, t.size * 1.75, t.size * 0.3);
      ctx.fill();
    }
    ctx.fillStyle = t.color ?? "#1a1a1a";
    ctx.beginPath();
    let pen = 0;
    for (const g of glyphs) {
      tracePath(ctx, g.getPath(pen, 0, t.size).commands);
      pen += (g.advanceWidth ?? 0) * scale;
    }
    ctx.fill();
    ctx.restore();
  }
  const format = options.format ?? "png";
  return new Uint8Array(format === "png" ? await canvas.encode("png") : await canvas.encode("jpeg", 90));
}

/** A PNG signature, an IHDR claiming these dimensions and an IEND: a header and nothing to decode. */
export function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(8 + 25 + 12);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const v = new DataView(b.buffer);
  v.setUint32(8, 13);
  b.set([0x49, 0x48, 0x44, 0x52], 12);
  v.setUint32(16, width);
  v.setUint32(20, height);
  b.set([8, 6, 0, 0, 0], 24);
  v.setUint32(33, 0);
  b.set([0x49, 0x45, 0x4e, 0x44], 37);
  return b;
}
