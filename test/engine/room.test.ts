/** Room beside a line: a long translation may take plain ground next to its box, never text or picture. */
import { describe, expect, it } from "vitest";
import { createImage, type RgbaImage } from "../../src/engine/raster.ts";
import type { RegionFrame } from "../../src/engine/render.ts";
import { widenOverGround } from "../../src/engine/room.ts";

const TAN = { r: 200, g: 150, b: 110 };

/** A 400 x 100 tan picture; columns from `photoFrom` on are dark (a product photo). */
function picture(photoFrom = 400): RgbaImage {
  const img = createImage(400, 100);
  for (let p = 0; p < 400 * 100; p++) {
    const dark = p % 400 >= photoFrom;
    img.data.set(dark ? [40, 30, 30, 255] : [TAN.r, TAN.g, TAN.b, 255], p * 4);
  }
  return img;
}

const frame: RegionFrame = { origin: [150, 30], angle: 0, width: 100, height: 40, vertical: false };

describe("room beside a line", () => {
  it("grows a left-aligned frame to the right over plain ground, by at most 35% of its width", () => {
    const wide = widenOverGround(picture(), frame, TAN, [], "left");
    expect(wide.origin).toEqual([150, 30]);
    expect(wide.width).toBe(135);
  });

  it("stops at a picture that is not the ground and at another region's box", () => {
    expect(widenOverGround(picture(260), frame, TAN, [], "left").width).toBe(110);
    const other = { x: 270, y: 40, w: 60, h: 20 };
    expect(widenOverGround(picture(), frame, TAN, [other], "left").width).toBe(120);
  });

  it("grows centred type equally on both sides, and leaves rotated or vertical frames alone", () => {
    const centred = widenOverGround(picture(270), frame, TAN, [], "center");
    expect(centred.origin[0]).toBe(130);
    expect(centred.width).toBe(140);
    expect(widenOverGround(picture(), { ...frame, angle: 0.2 }, TAN, [], "left")).toEqual({
      ...frame,
      angle: 0.2,
    });
    expect(widenOverGround(picture(), { ...frame, vertical: true }, TAN, [], "left").width).toBe(100);
  });
});
