/** What a shopper sees, in numbers: a page region's pixels, and how two captures differ in and out of text. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import type { Page } from "playwright-core";
import { TEST_ARTIFACTS_DIR } from "../../support/paths.ts";
import type { TextBox } from "./marketplace-pages.ts";

/** Screenshots for docs/extension.md (copied to docs/images/extension/ when they change). */
const SHOTS = join(TEST_ARTIFACTS_DIR, "extension-screenshots");
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** RGBA pixels of a page region, from a screenshot. */
export async function pixels(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip });
  const picture = await loadImage(png);
  const canvas = createCanvas(picture.width, picture.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(picture, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, picture.width, picture.height);
  return { data: new Uint8ClampedArray(data), width, height };
}

/** Mean absolute channel difference of two same-size captures, inside and outside the text boxes. */
export type Capture = Awaited<ReturnType<typeof pixels>>;

export function compare(
  a: Capture,
  b: Capture,
  boxes: TextBox[],
  scale: number,
): { inside: number; outside: number } {
  let inSum = 0;
  let inN = 0;
  let outSum = 0;
  let outN = 0;
  const inBox = (x: number, y: number) =>
    boxes.some(
      (t) =>
        x >= t.x * scale && x < (t.x + t.width) * scale && y >= t.y * scale && y < (t.y + t.height) * scale,
    );
  // Pixels just around a box are left out of both sums: the eraser blends a margin around the text.
  const nearBox = (x: number, y: number) =>
    boxes.some(
      (t) =>
        x >= t.x * scale - 12 &&
        x < (t.x + t.width) * scale + 12 &&
        y >= t.y * scale - 12 &&
        y < (t.y + t.height) * scale + 12,
    );
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      const d =
        (Math.abs(a.data[i]! - b.data[i]!) +
          Math.abs(a.data[i + 1]! - b.data[i + 1]!) +
          Math.abs(a.data[i + 2]! - b.data[i + 2]!)) /
        3;
      if (inBox(x, y)) {
        inSum += d;
        inN++;
      } else if (!nearBox(x, y)) {
        outSum += d;
        outN++;
      }
    }
  return { inside: inSum / Math.max(1, inN), outside: outSum / Math.max(1, outN) };
}
