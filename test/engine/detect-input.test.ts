/** What the detection model is shown: how large, and with what margin. */
import { describe, expect, it } from "vitest";
import { prepareDetection } from "../../src/engine/detect.ts";
import { createImage } from "../../src/engine/raster.ts";

const shown = (width: number, height: number) => {
  const input = prepareDetection(createImage(width, height));
  const [, , h = 0, w = 0] = input.tensor.dims;
  return { w, h, scale: input.scaleX, padded: input.offsetX > 0 || input.offsetY > 0 };
};

describe("detection input", () => {
  it("shows an 800 x 800 listing at its own size, unpadded", () => {
    expect(shown(800, 800)).toEqual({ w: 800, h: 800, scale: 1, padded: false });
  });

  it("pads a small picture with its border colour, so text touching the edge is found", () => {
    const s = shown(400, 300);
    expect(s.padded).toBe(true);
    expect(s.scale).toBe(1);
  });

  it("shows a 1536 x 839 picture at full size: scaled down, large thin display type went unseen", () => {
    expect(shown(1536, 839)).toMatchObject({ w: 1536, h: 832, scale: 1 });
  });

  it("scales a tall detail page down to about 1280 x 1280 pixels' worth, sides multiples of 32", () => {
    const s = shown(790, 3000);
    expect(s.w % 32).toBe(0);
    expect(s.h % 32).toBe(0);
    expect(s.w * s.h).toBeLessThanOrEqual(1280 * 1280 * 1.05);
    expect(s.w * s.h).toBeGreaterThan(1280 * 1280 * 0.9);
  });
});
