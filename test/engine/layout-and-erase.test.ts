/**
 * Units of the drawing half: line breaking by script, size fitting, the fallback chain in layout, and
 * inpainting that continues flat colour and gradients through a hole.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { inpaint } from "../../src/engine/inpaint.ts";
import { layoutText } from "../../src/engine/layout.ts";
import { NodeAssetLoader } from "../../src/engine/node/node-assets.ts";
import { createImage } from "../../src/engine/raster.ts";
import { type FontFace, FontLibrary } from "../../src/fonts/font-library.ts";

let chain: FontFace[];
beforeAll(async () => {
  chain = await new FontLibrary(new NodeAssetLoader()).chain("Pretendard", 700);
});

const base = { align: "left" as const, minSize: 8 };

describe("layout", () => {
  it("keeps a short translation on one line at the original size", () => {
    const l = layoutText({ ...base, text: "Sale", chain, width: 300, height: 60, maxSize: 40 });
    expect(l.lines).toEqual(["Sale"]);
    expect(l.size).toBe(40);
    expect(l.fits).toBe(true);
  });

  it("wraps Latin at spaces, never inside a word when words fit", () => {
    const l = layoutText({
      ...base,
      text: "Free shipping on every order today",
      chain,
      width: 200,
      height: 140,
      maxSize: 40,
    });
    expect(l.lines.length).toBeGreaterThan(1);
    for (const line of l.lines) expect("Free shipping on every order today").toContain(line);
    expect(l.lines.join(" ")).toBe("Free shipping on every order today");
  });

  it("breaks CJK between characters but never before closing punctuation", () => {
    const text = "今日下单立减二十元，全场包邮。";
    const l = layoutText({ ...base, text, chain, width: 150, height: 200, maxSize: 30 });
    expect(l.lines.join("")).toBe(text);
    for (const line of l.lines) expect(line.startsWith("，") || line.startsWith("。")).toBe(false);
  });

  it("shrinks to fit the box and says when even the smallest size does not", () => {
    const l = layoutText({
      ...base,
      text: "Limited time offer for members",
      chain,
      width: 120,
      height: 30,
      maxSize: 30,
    });
    expect(l.size).toBeLessThan(30);
    const tight = layoutText({
      ...base,
      text: "A very long translation that cannot fit",
      chain,
      width: 40,
      height: 10,
      maxSize: 20,
    });
    expect(tight.fits).toBe(false);
    expect(tight.size).toBe(8);
  });

  it("condenses a translation a little too long for its line before shrinking it, keeping 80% of the size", () => {
    // One line of room: 10 Hangul syllables at 40 px need about 400 px; the box has 340.
    const l = layoutText({
      ...base,
      text: "번역된한국어문장입니다",
      chain,
      width: 340,
      height: 48,
      maxSize: 40,
    });
    expect(l.lines).toHaveLength(1);
    expect(l.size).toBeGreaterThanOrEqual(0.8 * 40);
    const scaleX = l.glyphs[0]!.scaleX ?? 1;
    expect(scaleX).toBeLessThan(1);
    expect(scaleX).toBeGreaterThanOrEqual(0.8);
    const last = l.glyphs.at(-1)!;
    const right = last.x + (last.glyph.advanceWidth! / last.face.font.unitsPerEm) * l.size * scaleX;
    expect(right).toBeLessThanOrEqual(340 * 1.001);
  });

  it("goes below 80% of the original size only when the box cannot hold the text even condensed", () => {
    const roomy = layoutText({
      ...base,
      text: "무료 배송 전 품목",
      chain,
      width: 250,
      height: 48,
      maxSize: 40,
    });
    expect(roomy.size).toBeGreaterThanOrEqual(32);
    const cramped = layoutText({
      ...base,
      text: "전 품목 무료 배송 오늘만 특별 할인 행사",
      chain,
      width: 250,
      height: 48,
      maxSize: 40,
    });
    expect(cramped.size).toBeLessThan(32);
    expect(cramped.fits).toBe(true);
  });

  it("condenses to 70% width before shrinking a long translation of a short headline below 60%", () => {
    // 很美 -> 아름다워요: two characters' box, five syllables.
    const l = layoutText({ ...base, text: "아름다워요", chain, width: 120, height: 60, maxSize: 50 });
    expect(l.lines).toHaveLength(1);
    expect(l.size).toBeGreaterThanOrEqual(30);
    const scaleX = l.glyphs[0]!.scaleX ?? 1;
    expect(scaleX).toBeLessThan(0.8);
    expect(scaleX).toBeGreaterThanOrEqual(0.7);
    const last = l.glyphs.at(-1)!;
    const right = last.x + (last.glyph.advanceWidth! / last.face.font.unitsPerEm) * l.size * scaleX;
    expect(right).toBeLessThanOrEqual(120 * 1.001);
  });

  it("draws each character with the first face of the chain that has it", () => {
    const l = layoutText({ ...base, text: "A가们", chain, width: 400, height: 60, maxSize: 30 });
    expect(l.glyphs.map((g) => g.face.name)).toEqual(["Pretendard", "Pretendard", "NotoSansSC"]);
  });

  it("stacks CJK in columns for a vertical region", () => {
    const l = layoutText({
      ...base,
      text: "限时特价",
      chain,
      width: 40,
      height: 200,
      maxSize: 36,
      vertical: true,
    });
    const xs = new Set(l.glyphs.map((g) => Math.round(g.x + g.size / 2)));
    const ys = l.glyphs.map((g) => g.y);
    expect(xs.size).toBe(1);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });
});

describe("inpainting", () => {
  it("continues a flat colour and a gradient through a hole", () => {
    const img = createImage(120, 60);
    for (let y = 0; y < 60; y++) {
      for (let x = 0; x < 120; x++) {
        const i = (y * 120 + x) * 4;
        img.data[i] = 40 + x; // a horizontal gradient in red
        img.data[i + 1] = 200; // flat green
        img.data[i + 2] = 90;
        img.data[i + 3] = 255;
      }
    }
    const truth = new Uint8ClampedArray(img.data);
    const mask = new Uint8Array(120 * 60);
    // A text-like hole: two bars, as if letters were there, filled with black.
    for (let y = 20; y < 40; y++) {
      for (let x = 30; x < 90; x++) {
        if ((x >= 30 && x < 40) || (y >= 26 && y < 32)) {
          mask[y * 120 + x] = 1;
          img.data.set([0, 0, 0, 255], (y * 120 + x) * 4);
        }
      }
    }
    inpaint(img, mask, [{ x: 0, y: 0, w: 120, h: 60 }]);
    let worst = 0;
    for (let p = 0; p < mask.length; p++) {
      if (!mask[p]) continue;
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(img.data[p * 4 + c]! - truth[p * 4 + c]!));
    }
    expect(worst).toBeLessThanOrEqual(4);
    // Pixels outside the mask are untouched.
    for (let p = 0; p < mask.length; p++) if (!mask[p]) expect(img.data[p * 4]).toBe(truth[p * 4]);
  });
});
