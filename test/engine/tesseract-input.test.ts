/**
 * Japanese lines through tesseract. What it is shown: dark text on white; the line's own box is not enough
 * to tell ink from ground when its edge is mostly stroke (the large red heading of a real street sign), so
 * the reader frames it with a margin of ground. What is kept of its reading: its kana, and PP-OCR's numbers.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import { decodeImage } from "../../src/engine/decode.ts";
import { createNodeEngine } from "../../src/engine/node/create-node-engine.ts";
import { NodeImageCodec } from "../../src/engine/node/node-codec.ts";
import { cropImage, type RgbaImage } from "../../src/engine/raster.ts";
import { prepareForTesseract, withNumbersOf } from "../../src/engine/read-lines.ts";
import { fixturePath } from "../support/fixtures.ts";

const SIGN = fixturePath("real-images", "easyocr_japanese.jpg");
/** The detector's box of ポイ捨て禁止！ (red on white) on that sign. */
const HEADING = { x: 85, y: 66, w: 385, h: 76 };

/** tesseract's input pads the scaled crop by this many white pixels on every side. */
const PAD = 12;

/**
 * How the prepared picture renders the crop's red strokes and its white ground: the share of each shown
 * dark. Each prepared pixel is traced back to the crop by the scale prepareForTesseract applies.
 */
function rendering(crop: RgbaImage, shown: RgbaImage): { redDark: number; whiteDark: number } {
  const scale = (shown.width - 2 * PAD) / crop.width;
  const n = { red: 0, redDark: 0, white: 0, whiteDark: 0 };
  for (let y = PAD; y < shown.height - PAD; y++) {
    for (let x = PAD; x < shown.width - PAD; x++) {
      const sx = Math.min(crop.width - 1, Math.floor((x - PAD + 0.5) / scale));
      const sy = Math.min(crop.height - 1, Math.floor((y - PAD + 0.5) / scale));
      const i = (sy * crop.width + sx) * 4;
      const [r, g, b] = [crop.data[i]!, crop.data[i + 1]!, crop.data[i + 2]!];
      const dark = shown.data[(y * shown.width + x) * 4]! < 128;
      if (r > 140 && g < 80 && b < 110) {
        n.red++;
        if (dark) n.redDark++;
      } else if (r > 215 && g > 215 && b > 215) {
        n.white++;
        if (dark) n.whiteDark++;
      }
    }
  }
  return { redDark: n.redDark / n.red, whiteDark: n.whiteDark / n.white };
}

describe("tesseract's input", () => {
  it("shows the red heading's strokes black and its white ground white when the line is framed", async () => {
    const { image } = await decodeImage(new Uint8Array(readFileSync(SIGN)), new NodeImageCodec());
    const margin = Math.round(HEADING.h * 0.15);
    const framed = cropImage(
      image,
      HEADING.x - margin,
      HEADING.y - margin,
      HEADING.w + 2 * margin,
      HEADING.h + 2 * margin,
    );
    const { redDark, whiteDark } = rendering(framed, prepareForTesseract(framed, margin));
    expect(redDark).toBeGreaterThan(0.9);
    expect(whiteDark).toBeLessThan(0.1);
  });
});

describe("tesseract's reading of a Japanese line", () => {
  it("takes PP-OCR's numbers when both readers found as many", () => {
    // tesseract's jpn model reads 40% as 409%; PP-OCR reads the digits right and the kana as look-alikes.
    expect(withNumbersOf("一儿40%0FF", "セール 409%OFF")).toBe("セール 40%OFF");
    expect(withNumbersOf("￥3,170 税込", "￥3.170 税込")).toBe("￥3,170 税込");
    // Different counts: no pairing can be trusted, tesseract's reading stands.
    expect(withNumbersOf("2点 10%", "2点以上で1O%OFF")).toBe("2点以上で1O%OFF");
    expect(withNumbersOf("セール", "セール 40%")).toBe("セール 40%");
  });

  it("reads a sandbox badge's discount right (セール 40%OFF, not 409%)", async () => {
    const product = catalogOf("storefront").products[3]!;
    const bytes = new Uint8Array(drawProductImage(product, 0, "ja").toBuffer("image/jpeg", 90));
    const engine = createNodeEngine();
    try {
      const out = await engine.ocr(bytes, { sourceLanguage: "ja" });
      const badge = out.regions.find((r) => r.text.includes("セール"));
      expect(badge?.text.replace(/\s/g, "")).toBe("セール40%OFF");
    } finally {
      await engine.dispose();
    }
  }, 60_000);
});
