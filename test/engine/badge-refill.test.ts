/**
 * A badge's backdrop under erased text: a round badge with a gradient on other ground, the text's mask
 * running over its rim (type set close to a round sticker's edge, as on real listings).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { refillBadge } from "../../src/engine/badge-refill.ts";
import type { Box } from "../../src/engine/eval/image-metrics.ts";
import { inpaint } from "../../src/engine/inpaint.ts";
import { createNodeEngine } from "../../src/engine/node/create-node-engine.ts";
import { REPO_ROOT } from "../../src/engine/node/node-assets.ts";
import { createImage, type RgbaImage } from "../../src/engine/raster.ts";
import type { Translator } from "../../src/translate/port.ts";

const koreanLines: Translator = {
  name: "korean-lines",
  async translateBatch(texts) {
    return texts.map(() => ({
      text: "번역된 한국어",
      status: "translated" as const,
      provider: "korean-lines",
    }));
  },
};

const W = 220;
const H = 200;
const CX = 110;
const CY = 100;
const R = 70;
const TAN = [205, 150, 115];

const inBadge = (x: number, y: number) => (x + 0.5 - CX) ** 2 + (y + 0.5 - CY) ** 2 <= R * R;
/** A vertical gradient, dark brown at the top to a lighter brown at the bottom. */
const badgeColour = (y: number) => [40 + (y - (CY - R)) * 0.4, 20 + (y - (CY - R)) * 0.25, 10];

function scene(): { image: RgbaImage; truth: Uint8ClampedArray; mask: Uint8Array } {
  const image = createImage(W, H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      image.data.set([...(inBadge(x, y) ? badgeColour(y) : TAN), 255], (y * W + x) * 4);
    }
  }
  const truth = new Uint8ClampedArray(image.data);
  const mask = new Uint8Array(W * H);
  // Two lines of white type whose dilated masks cross the rim on the left and the right.
  for (const [y0, y1] of [
    [72, 96],
    [106, 130],
  ]) {
    for (let y = y0!; y < y1!; y++) {
      for (let x = 36; x < 184; x++) {
        mask[y * W + x] = 1;
        image.data.set([255, 255, 255, 255], (y * W + x) * 4);
      }
    }
  }
  return { image, truth, mask };
}

/** Share of the hole's pixels, inside and outside the badge, within 16 levels of what was there. */
function restored(image: RgbaImage, truth: Uint8ClampedArray, mask: Uint8Array) {
  const count = { inside: 0, insideOk: 0, outside: 0, outsideOk: 0 };
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(image.data[p * 4 + c]! - truth[p * 4 + c]!));
    // The rim itself is a pixel or two of either colour: judged away from it.
    const r = Math.hypot((p % W) + 0.5 - CX, Math.floor(p / W) + 0.5 - CY);
    if (Math.abs(r - R) < 3) continue;
    if (r < R) {
      count.inside++;
      if (d <= 16) count.insideOk++;
    } else {
      count.outside++;
      if (d <= 16) count.outsideOk++;
    }
  }
  return { inside: count.insideOk / count.inside, outside: count.outsideOk / count.outside };
}

describe("badge backdrop refill", () => {
  it("keeps a round gradient badge's colour and rim where the text's mask crosses it", () => {
    const { image, truth, mask } = scene();
    const win = { x: 20, y: 10, w: 180, h: 180 };
    inpaint(image, mask, [win]);
    // The general fill alone draws the ground outside the rim into the badge (and the badge out of it).
    const general = restored(image, truth, mask);
    expect(Math.min(general.inside, general.outside)).toBeLessThan(0.9);

    refillBadge(image, mask, { window: win, ground: { r: 60, g: 32, b: 10 } });
    const rebuilt = restored(image, truth, mask);
    expect(rebuilt.inside).toBeGreaterThanOrEqual(0.97);
    expect(rebuilt.outside).toBeGreaterThanOrEqual(0.9);
    // Nothing outside the mask changes.
    for (let p = 0; p < mask.length; p++) if (!mask[p]) expect(image.data[p * 4]).toBe(truth[p * 4]);
  });

  it("leaves the hole as the general fill made it when the backdrop has too few pixels to model", () => {
    const { image, mask } = scene();
    const win = { x: 100, y: 95, w: 2, h: 2 };
    const before = new Uint8ClampedArray(image.data);
    refillBadge(image, mask, { window: win, ground: { r: 60, g: 32, b: 10 } });
    expect(image.data).toEqual(before);
  });

  it("takes in the blurred halo beside the text's mask, and leaves the rest of the badge alone", () => {
    // A red sign photographed a little out of focus: white type whose mask covers its core, a ring of
    // pink blend 3 px wide beyond it, and a dark logo on the badge away from the text.
    const w = 160;
    const h = 100;
    const image = createImage(w, h);
    const red = [190, 40, 35];
    for (let p = 0; p < w * h; p++) image.data.set([...TAN, 255], p * 4);
    for (let y = 10; y < 90; y++)
      for (let x = 10; x < 150; x++) image.data.set([...red, 255], (y * w + x) * 4);
    for (let y = 20; y < 30; y++)
      for (let x = 16; x < 26; x++) image.data.set([20, 20, 20, 255], (y * w + x) * 4);
    const mask = new Uint8Array(w * h);
    const text = { x: 40, y: 40, w: 90, h: 20 };
    for (let y = text.y - 3; y < text.y + text.h + 3; y++) {
      for (let x = text.x - 3; x < text.x + text.w + 3; x++) {
        const core = x >= text.x && x < text.x + text.w && y >= text.y && y < text.y + text.h;
        image.data.set(core ? [250, 250, 250, 255] : [225, 150, 145, 255], (y * w + x) * 4);
        if (core) mask[y * w + x] = 1;
      }
    }
    const logo = image.data.slice((25 * w + 20) * 4, (25 * w + 20) * 4 + 3);
    refillBadge(image, mask, {
      window: { x: 2, y: 2, w: 156, h: 96 },
      ground: { r: 190, g: 40, b: 35 },
      text: [{ box: text, reach: 4 }],
    });
    let ghost = 0;
    for (let y = text.y - 3; y < text.y + text.h + 3; y++) {
      for (let x = text.x - 3; x < text.x + text.w + 3; x++) {
        const i = (y * w + x) * 4;
        const d = Math.max(...[0, 1, 2].map((c) => Math.abs(image.data[i + c]! - red[c]!)));
        if (d > 12) ghost++;
      }
    }
    expect(ghost).toBe(0);
    expect([...image.data.slice((25 * w + 20) * 4, (25 * w + 20) * 4 + 3)]).toEqual([...logo]);
  });
});

describe("erasing text on real badges", () => {
  const engine = createNodeEngine();
  afterAll(() => engine.dispose());

  /** Share of the pixels in a box within 40 (RGB distance) of a colour, in the erased picture. */
  async function erasedShare(file: string, box: Box, colour: [number, number, number]): Promise<number> {
    const bytes = new Uint8Array(readFileSync(resolve(REPO_ROOT, "test/fixtures/real-images", file)));
    const out = await engine.translate(bytes, {
      sourceLanguage: "zh",
      targetLanguage: "ko",
      translator: koreanLines,
      render: false,
    });
    if (out.kind !== "data") throw new Error("expected data");
    const { image } = await engine.ports.codec.decode(
      Buffer.from(out.data.inpainted_base64, "base64"),
      "jpeg",
    );
    let near = 0;
    for (let y = box.y; y < box.y + box.h; y++) {
      for (let x = box.x; x < box.x + box.w; x++) {
        const i = (y * image.width + x) * 4;
        const d = Math.hypot(
          image.data[i]! - colour[0],
          image.data[i + 1]! - colour[1],
          image.data[i + 2]! - colour[2],
        );
        if (d <= 40) near++;
      }
    }
    return near / (box.w * box.h);
  }

  it("keeps the white box behind red type on a red band (cnstd_taobao4, 原版正品)", async () => {
    // The box's inside, clear of its rounded corners: the text mask took the white for ink and the box
    // was filled with the red around it.
    expect(
      await erasedShare("cnstd_taobao4.jpg", { x: 606, y: 372, w: 100, h: 30 }, [245, 245, 245]),
    ).toBeGreaterThan(0.9);
  }, 120_000);

  it("keeps a round dark badge's rim where its text comes close to it (cnstd_taobao2, 免费试穿)", async () => {
    // A band just inside the circle's left rim, level with the first characters of both lines.
    expect(
      await erasedShare("cnstd_taobao2.jpg", { x: 556, y: 495, w: 10, h: 90 }, [57, 30, 1]),
    ).toBeGreaterThan(0.9);
  }, 120_000);
});
