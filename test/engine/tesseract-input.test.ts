/**
 * What tesseract is shown for a Japanese line: dark text on white. The line's own box is not enough to
 * tell ink from ground when its edge is mostly stroke (the large red heading of a real street sign), so the
 * reader frames it with a margin of ground.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeImage } from "../../src/engine/decode.ts";
import { REPO_ROOT } from "../../src/engine/node/node-assets.ts";
import { NodeImageCodec } from "../../src/engine/node/node-codec.ts";
import { cropImage, type RgbaImage } from "../../src/engine/raster.ts";
import { prepareForTesseract } from "../../src/engine/read-lines.ts";

const SIGN = resolve(REPO_ROOT, "../shared/fixtures/real-images/easyocr_japanese.jpg");
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
