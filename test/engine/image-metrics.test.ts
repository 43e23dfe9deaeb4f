/** Figures of `npm run eval:images`: which drawn line belongs to which region; badges kept. */
import { describe, expect, it } from "vitest";
import { badgeKept, ownDetections, residualInPlace } from "../../src/engine/eval/image-metrics.ts";
import { createImage } from "../../src/engine/raster.ts";

describe("ownDetections", () => {
  it("gives a small neighbour line just above a headline to its own region, not the headline's", () => {
    // The poster of paddleocr_15: a 155 px headline, and a 25 px caption 3 px above its box.
    const headline = { box: { x: 455, y: 329, w: 307, h: 157 }, reach: 155 * 0.3 };
    const caption = { box: { x: 470, y: 300, w: 180, h: 26 }, reach: 26 * 0.3 };
    const drawnHeadline = { box: { x: 460, y: 345, w: 231, h: 136 } };
    const drawnCaption = { box: { x: 472, y: 300, w: 120, h: 26 } };
    const owned = ownDetections([headline, caption], [drawnCaption, drawnHeadline], 800, 900);
    expect(owned[0]).toEqual([drawnHeadline]);
    expect(owned[1]).toEqual([drawnCaption]);
  });

  it("still counts a drawn line that spills a little past its region's box", () => {
    const region = { box: { x: 100, y: 100, w: 200, h: 50 }, reach: 15 };
    const drawn = { box: { x: 95, y: 96, w: 210, h: 58 } };
    expect(ownDetections([region], [drawn], 400, 400)[0]).toEqual([drawn]);
  });
});

describe("ownDetections, marks beside a box", () => {
  it("counts a small mark just below a headline's box for no region", () => {
    // paddlejs_wine_3: a 30 px mark 18 px below ABERFELDY's box, inside its reach but not its box.
    const headline = { box: { x: 172, y: 659, w: 617, h: 153 }, reach: 136 * 0.3 };
    const drawn = { box: { x: 176, y: 679, w: 414, h: 127 } };
    const mark = { box: { x: 188, y: 829, w: 30, h: 29 } };
    expect(ownDetections([headline], [drawn, mark], 1000, 1400)[0]).toEqual([drawn]);
  });
});

describe("badgeKept", () => {
  // A red board on a light shop front, with light type: the measuring box (the text's box grown by a
  // quarter of its height) reaches past the board's left edge onto the light ground.
  const W = 120;
  const H = 60;
  const red = [165, 60, 45];
  const light = [225, 225, 225];
  const text = { x: 30, y: 20, w: 70, h: 20 };
  const isType = (x: number, y: number) =>
    x >= text.x && x < text.x + text.w && y >= text.y + 4 && y < text.y + text.h - 4 && x % 6 < 3;
  function pictures() {
    const before = createImage(W, H);
    const erased = createImage(W, H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const ground = x < 26 ? light : red;
        before.data.set([...(isType(x, y) ? light : ground), 255], (y * W + x) * 4);
        erased.data.set([...ground, 255], (y * W + x) * 4);
      }
    }
    return { before, erased };
  }
  const box = { x: 20, y: 15, w: 85, h: 30 };
  const colours = [
    { r: 225, g: 225, b: 225 },
    { r: 165, g: 60, b: 45 },
  ] as const;

  it("keeps a board whose type was repainted red, though light ground lies beyond its edge", () => {
    const { before, erased } = pictures();
    expect(badgeKept(before, erased, box, ...colours, text).kept).toBe(true);
  });

  it("does not keep a board whose type is left on it", () => {
    const { before } = pictures();
    expect(badgeKept(before, before, box, ...colours, text).kept).toBe(false);
  });
});

describe("residualInPlace", () => {
  const line = (x: number, y: number, text: string) => ({ box: { x, y, w: 200, h: 40 }, height: 40, text });

  it("does not count a Hangul line read as kana that happen to occur elsewhere in the original", () => {
    // paddleocr_japan_2: tesseract reads 번역된 as にに; クセになる sits far away from it.
    const original = [line(0, 0, "うま味のある"), line(0, 400, "クセになる")];
    const after = [line(0, 0, "にに")];
    expect(residualInPlace(original, after, "ja", 800, 600)).toBe(0);
  });

  it("counts source text left where it was, each original character once", () => {
    const original = [line(0, 0, "ふんわり"), line(0, 400, "クセになる")];
    // わり left beside the drawn line, and read twice by overlapping detections.
    const after = [line(20, 5, "わり"), line(30, 0, "わり")];
    expect(residualInPlace(original, after, "ja", 800, 600)).toBe(2);
  });

  it("counts a kept English line in full", () => {
    const original = [line(100, 100, "Dry clean only")];
    expect(residualInPlace(original, [line(100, 102, "DRY CLEAN ONLY")], "en", 800, 600)).toBe(12);
  });
});
