/**
 * The extension end to end in real Chromium: the built extension loaded in a persistent context, product
 * pages that look like Taobao, Rakuten and Amazon on one local origin, their images on a second origin that
 * refuses requests without the page's Referer. `globalThis.marketlens.translateImage` is called in the
 * service worker exactly as an outside check calls it (the very function the context menu calls).
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExtension } from "./support/build-extension.ts";
import { type ExtensionBrowser, launchExtension } from "./support/extension-browser.ts";
import { type FixtureSites, startFixtureSites } from "./support/fixture-sites.ts";
import {
  drawMarketplaceImages,
  imageRoutes,
  type MarketplaceImages,
  marketplacePages,
  type TextBox,
} from "./support/marketplace-pages.ts";

let sites: FixtureSites;
let ext: ExtensionBrowser;
let images: MarketplaceImages;

beforeAll(async () => {
  const [dir, drawn] = await Promise.all([buildExtension("chrome"), drawMarketplaceImages()]);
  images = drawn;
  sites = await startFixtureSites(marketplacePages, imageRoutes(images));
  ext = await launchExtension(dir, [sites.pageOrigin, sites.cdnOrigin]);
}, 300_000);

afterAll(async () => {
  await ext?.close();
  await sites?.close();
});

async function open(path: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`${sites.pageOrigin}${path}`);
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  return page;
}

const overlayOf = (page: Page, srcUrl: string) => page.locator(`[data-marketlens-src="${srcUrl}"]`);

/** RGBA pixels of a page region, from a screenshot. */
async function pixels(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip });
  const picture = await loadImage(png);
  const canvas = createCanvas(picture.width, picture.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(picture, 0, 0);
  return ctx.getImageData(0, 0, picture.width, picture.height);
}

/** Mean absolute channel difference of two same-size captures, inside and outside the text boxes. */
function compare(
  a: ImageData,
  b: ImageData,
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

describe("Translate image (the fixed contract)", () => {
  it("paints a translated picture exactly over an Amazon-style product tile, and the toggle restores the original", async () => {
    const page = await open("/amazon/item.html");
    const srcUrl = `${sites.cdnOrigin}/img/tile-0.jpg`;
    const tile = page.locator("#tile-0");
    const box = (await tile.boundingBox())!;
    const before = await pixels(page, box);

    const result = await ext.translateImage(page, srcUrl);
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated", fromCache: false });

    const overlay = overlayOf(page, srcUrl);
    await expect.poll(() => overlay.getAttribute("data-marketlens-state")).toBe("translated");
    const covered = (await overlay.boundingBox())!;
    for (const k of ["x", "y", "width", "height"] as const)
      expect(Math.abs(covered[k] - box[k])).toBeLessThanOrEqual(1);

    const after = await pixels(page, box);
    // The tile is 400 px shown at 200 px with object-fit: contain.
    const diff = compare(before, after, images.tiles[0]!.textBoxes, box.width / 400);
    expect(diff.inside, JSON.stringify(diff)).toBeGreaterThan(8);
    expect(diff.outside, JSON.stringify(diff)).toBeLessThan(2.5);

    // "Show original" (the menu item sends this message to the frame).
    await ext.worker.evaluate(
      ({ tabId, srcUrl }) =>
        (
          globalThis as unknown as {
            chrome: { tabs: { sendMessage(t: number, m: object): Promise<unknown> } };
          }
        ).chrome.tabs.sendMessage(tabId, {
          type: "overlay:toggle",
          srcUrl,
        }),
      { tabId: await ext.tabIdOf(page), srcUrl },
    );
    await expect.poll(() => overlay.getAttribute("data-marketlens-state")).toBe("original");
    const restored = await pixels(page, box);
    expect(compare(before, restored, [], 1).outside).toBe(0);
    await page.close();
  }, 180_000);
});
