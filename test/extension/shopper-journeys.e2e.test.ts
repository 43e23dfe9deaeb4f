/**
 * What a shopper depends on beyond one translation, end to end in real Chromium with the built extension:
 * galleries that swap the main picture, lazy loaders, the size limits, the result cache's bound and its
 * least-recently-used eviction, a picture changed at the same URL, Retry with another font, and overlays
 * that follow a rotated image and are clipped by a carousel's window.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExtension } from "./support/build-extension.ts";
import { type ExtensionBrowser, launchExtension, openPage, overlayOf } from "./support/extension-browser.ts";
import type { FixtureImage, FixtureSites } from "./support/fixture-sites.ts";
import { startFixtureSites } from "./support/fixture-sites.ts";
import { journeyImages, journeyPages } from "./support/journey-pages.ts";
import {
  drawMarketplaceImages,
  imageRoutes,
  type MarketplaceImages,
  marketplacePages,
} from "./support/marketplace-pages.ts";
import { type Capture, compare, pixels, shot } from "./support/page-pixels.ts";

let sites: FixtureSites;
let ext: ExtensionBrowser;
let images: MarketplaceImages;
/** The CDN's files, by path: a test may replace one (a shop that uploads a new picture at the same URL). */
let routes: Record<string, FixtureImage>;
let cdn: string;

beforeAll(async () => {
  const [dir, drawn] = await Promise.all([buildExtension("chrome"), drawMarketplaceImages()]);
  images = drawn;
  routes = { ...imageRoutes(images), ...journeyImages(images) };
  sites = await startFixtureSites((c) => ({ ...marketplacePages(c), ...journeyPages(c) }), routes);
  cdn = sites.cdnOrigin;
  ext = await launchExtension(dir, [sites.pageOrigin, sites.cdnOrigin]);
}, 300_000);

afterAll(async () => {
  await ext?.close();
  await sites?.close();
});

const open = (path: string) => openPage(ext, `${sites.pageOrigin}${path}`);
const stateOf = (page: Page, srcUrl: string) =>
  overlayOf(page, srcUrl)
    .getAttribute("data-marketlens-state", { timeout: 1000 })
    .catch(() => null);
/** The blob URL of the translated picture the overlay shows. */
const pictureOf = (page: Page, srcUrl: string) =>
  overlayOf(page, srcUrl).evaluate((el) => el.shadowRoot?.querySelector("img.picture")?.getAttribute("src"));
const alertOf = (page: Page, srcUrl: string) =>
  overlayOf(page, srcUrl).evaluate((el) => el.shadowRoot?.querySelector('[role="alert"]')?.textContent ?? "");

type Lens = {
  marketlens: {
    cacheStats(): Promise<{ entries: number; bytes: number }>;
    clearCache(): Promise<void>;
    cache: { put(key: string, result: object): Promise<void>; keys(): Promise<string[]> };
  };
};
const cacheStats = () => ext.worker.evaluate(() => (globalThis as unknown as Lens).marketlens.cacheStats());
const cacheKeys = () => ext.worker.evaluate(() => (globalThis as unknown as Lens).marketlens.cache.keys());

/** Changes stored settings as the options page does (storage.local, key "settings"). */
async function setSettings(change: Record<string, unknown>): Promise<void> {
  await ext.worker.evaluate(async (c) => {
    const storage = (
      globalThis as unknown as {
        chrome: {
          storage: {
            local: { get(k: string): Promise<Record<string, object>>; set(v: object): Promise<void> };
          };
        };
      }
    ).chrome.storage.local;
    const stored = (await storage.get("settings")).settings ?? { version: 1 };
    await storage.set({ settings: { ...stored, ...c } });
  }, change);
}

describe("Galleries and lazy loading", () => {
  it("a gallery swaps the main picture: the old translation goes, the new picture is translated, and swapping back paints from the cache", async () => {
    const page = await open("/taobao/item.html");
    const thumbUrl = `${cdn}/img/main.jpg_360x360q90.jpg_.webp`;
    expect(await ext.translateImage(page, thumbUrl)).toMatchObject({ state: "translated" });
    const before = await cacheStats();

    await page.hover("#thumb-second");
    await expect.poll(() => overlayOf(page, thumbUrl).count()).toBe(0);
    const secondUrl = `${cdn}/img/second.jpg`;
    await expect.poll(() => stateOf(page, secondUrl), { timeout: 150_000, interval: 250 }).toBe("translated");
    expect((await cacheStats()).entries).toBe(before.entries + 1);
    const main = (await page.locator("#main").boundingBox())!;
    const covered = (await overlayOf(page, secondUrl).boundingBox())!;
    expect(Math.abs(covered.x - (main.x + 1))).toBeLessThanOrEqual(1);
    expect(Math.abs(covered.width - (main.width - 2))).toBeLessThanOrEqual(1);
    await shot(page, "taobao-gallery-swapped");

    // Back to the first picture: translated before, so painted from the cache without the engine.
    await page.hover("#thumb-main");
    await expect.poll(() => overlayOf(page, secondUrl).count()).toBe(0);
    await expect
      .poll(() => stateOf(page, `${cdn}/img/main.jpg`), { timeout: 30_000, interval: 100 })
      .toBe("translated");
    expect((await cacheStats()).entries).toBe(before.entries + 1);
    await page.close();
  }, 240_000);

  it("waits for a lazy loader's real picture, and follows a placeholder swapped for its picture from the cache", async () => {
    const page = await open("/lazy.html");
    // The real URL is where no extension could guess: the ring waits until the loader puts it in.
    await page.evaluate(() => (window as unknown as { loadLate(ms: number): void }).loadLate(1500));
    const lateUrl = `${cdn}/img/blank.gif?late`;
    const late = await ext.translateImage(page, lateUrl);
    expect(late, JSON.stringify(late)).toMatchObject({ state: "translated", fromCache: false });
    expect(sites.requests.some((r) => r.url === `${cdn}/img/lazy-late.jpg`)).toBe(true);
    expect(await stateOf(page, lateUrl)).toBe("translated");

    // Below the fold, the real URL in data-src: translated without waiting for the scroll...
    const knownUrl = `${cdn}/img/blank.gif?known`;
    const known = await ext.translateImage(page, knownUrl);
    expect(known, JSON.stringify(known)).toMatchObject({ state: "translated" });
    // ...and when the loader swaps the picture in, the overlay follows it, painted from the cache.
    const entries = (await cacheStats()).entries;
    await page.locator("#known").scrollIntoViewIfNeeded();
    const realUrl = `${cdn}/img/lazy-known.jpg`;
    await expect.poll(() => stateOf(page, realUrl), { timeout: 30_000, interval: 100 }).toBe("translated");
    await expect.poll(() => overlayOf(page, knownUrl).count()).toBe(0);
    expect((await cacheStats()).entries).toBe(entries);
    const box = (await page.locator("#known").boundingBox())!;
    const covered = (await overlayOf(page, realUrl).boundingBox())!;
    for (const k of ["x", "y", "width", "height"] as const)
      expect(Math.abs(covered[k] - box[k])).toBeLessThanOrEqual(1);
    await page.close();
  }, 240_000);
});

describe("Limits and the cache", () => {
  it("says on the image, in words, that a picture over 20 MB or over 8192 pixels is too large", async () => {
    const page = await open("/limits.html");
    const cases = [
      { url: `${cdn}/img/huge.jpg`, detail: /\(21\.\d MB\)/ },
      { url: `${cdn}/img/wide.png`, detail: /8300 × 60 pixels, the limit is 8192 × 8192/ },
    ];
    for (const c of cases) {
      const result = await ext.translateImage(page, c.url);
      expect(result, JSON.stringify(result)).toMatchObject({ state: "failed", code: "IMAGE_TOO_LARGE" });
      expect(await stateOf(page, c.url)).toBe("failed");
      const words = await alertOf(page, c.url);
      expect(words).toContain("This image is too large to translate");
      expect(words).toMatch(c.detail);
      expect(words).toContain("Try a smaller version");
      // The same bytes would fail again: the error offers no Retry, only what to do instead.
      expect(words).not.toContain("Retry");
    }
    await shot(page, "limits-too-large");
    await page.close();
  }, 120_000);

  it("keeps the cache within its size, dropping the least recently used pictures first", async () => {
    const page = await open("/amazon/item.html");
    const url = `${cdn}/img/tile-0.jpg`;
    await ext.worker.evaluate(() => (globalThis as unknown as Lens).marketlens.clearCache());
    expect(await ext.translateImage(page, url)).toMatchObject({ state: "translated", fromCache: false });
    const [tileKey] = await cacheKeys();
    try {
      await setSettings({ cacheMegabytes: 10 });
      // 3 MB pictures from elsewhere, put the way a translation puts its result.
      const fill = (name: string) =>
        ext.worker.evaluate(
          (key) =>
            (globalThis as unknown as Lens).marketlens.cache.put(key, {
              image: new ArrayBuffer(3 * 1024 * 1024),
              mime: "image/jpeg",
              texts: [],
              regionsCount: 0,
            }),
          name,
        );
      for (const n of [0, 1, 2]) await fill(`filler-${n}`);
      expect(await cacheKeys()).toEqual([tileKey, "filler-0", "filler-1", "filler-2"]);

      // The shopper sees the tile again: from the cache, and now its most recently used picture.
      expect(await ext.translateImage(page, url)).toMatchObject({ state: "translated", fromCache: true });
      await fill("filler-3");
      expect(await cacheKeys()).toEqual(["filler-1", "filler-2", tileKey, "filler-3"]);
      await fill("filler-4");
      await fill("filler-5");
      expect(await cacheKeys()).toEqual([tileKey, "filler-3", "filler-4", "filler-5"]);
      // Now the tile is the least recently used: it goes first (and filler-3 with it, to fit 10 MB).
      await fill("filler-6");
      expect(await cacheKeys()).toEqual(["filler-4", "filler-5", "filler-6"]);
      expect((await cacheStats()).bytes).toBeLessThanOrEqual(10 * 1024 * 1024);

      // Evicted: the next visit runs the engine again.
      expect(await ext.translateImage(page, url)).toMatchObject({ state: "translated", fromCache: false });
    } finally {
      await setSettings({ cacheMegabytes: 200 });
      await page.close();
    }
  }, 240_000);

  it("paints a revisit from the cache at once, then notices the shop changed the picture at the same URL", async () => {
    const page = await open("/amazon/item.html");
    const url = `${cdn}/img/tile-2.jpg`;
    expect(await ext.translateImage(page, url)).toMatchObject({ state: "translated" });
    const entries = (await cacheStats()).entries;

    const previous = routes["/img/tile-2.jpg"]!;
    routes["/img/tile-2.jpg"] = images.second;
    try {
      await page.reload();
      await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
      const again = await ext.translateImage(page, url);
      // Painted from what the URL gave last time, without waiting for a download...
      expect(again, JSON.stringify(again)).toMatchObject({ state: "translated", fromCache: true });
      const stale = await pictureOf(page, url);
      // ...which then finds new bytes: the new picture is translated and painted in place.
      await expect.poll(() => pictureOf(page, url), { timeout: 150_000, interval: 250 }).not.toBe(stale);
      await expect.poll(() => stateOf(page, url)).toBe("translated");
      expect((await cacheStats()).entries).toBe(entries + 1);
    } finally {
      routes["/img/tile-2.jpg"] = previous;
      await page.close();
    }
  }, 240_000);
});

describe("The hover toolbar", () => {
  it("retries with another font and weight picked on the toolbar", async () => {
    const page = await open("/amazon/item.html");
    const url = `${cdn}/img/tile-1.jpg`;
    expect(await ext.translateImage(page, url)).toMatchObject({ state: "translated" });
    const box = (await page.locator("#tile-1").boundingBox())!;
    const first = await pixels(page, box);
    const picture = await pictureOf(page, url);
    const entries = (await cacheStats()).entries;

    const overlay = overlayOf(page, url);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await overlay.locator('[data-action="retry"]').click();
    await overlay.locator('select[name="font"]').selectOption("BMHANNAPro");
    await overlay.locator('select[name="fontWeight"]').selectOption("Regular");
    await shot(page, "amazon-retry-panel");
    await overlay.locator('[data-action="retry-go"]').click();
    await expect.poll(() => pictureOf(page, url), { timeout: 150_000, interval: 250 }).not.toBe(picture);
    await expect.poll(() => stateOf(page, url)).toBe("translated");
    expect((await cacheStats()).entries).toBe(entries + 1);

    await page.mouse.move(0, 0);
    await expect.poll(() => overlay.evaluate((el) => !!el.shadowRoot?.querySelector(".toolbar"))).toBe(false);
    const second = await pixels(page, box);
    const diff = compare(first, second, images.tiles[1]!.textBoxes, box.width / 400);
    expect(diff.inside, JSON.stringify(diff)).toBeGreaterThan(3);
    expect(diff.outside, JSON.stringify(diff)).toBeLessThan(2.5);
    await page.close();
  }, 240_000);
});

/** Mean channel difference of two same-size captures over the pixels `where` picks. */
function meanDiff(a: Capture, b: Capture, where: (x: number, y: number) => boolean): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      if (!where(x, y)) continue;
      const i = (y * a.width + x) * 4;
      for (let k = 0; k < 3; k++) sum += Math.abs(a.data[i + k]! - b.data[i + k]!);
      n += 3;
    }
  return sum / Math.max(1, n);
}

describe("Transforms and clipping", () => {
  it("clips the overlay to a carousel's window, as the slide is", async () => {
    const page = await open("/transforms.html");
    const win = (await page.locator("#window").boundingBox())!;
    // The slide's hidden half lies left of the window; slide 1 shows in the window's right half.
    const region = { x: win.x - 150, y: win.y, width: win.width + 150, height: win.height };
    const before = await pixels(page, region);
    const result = await ext.translateImage(page, `${cdn}/img/slide-0.jpg`);
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated" });
    const after = await pixels(page, region);
    await shot(page, "carousel-clipped");
    expect(meanDiff(before, after, (x) => x < 150)).toBe(0);
    expect(meanDiff(before, after, (x) => x >= 300)).toBe(0);
    expect(meanDiff(before, after, (x) => x >= 150 && x < 300)).toBeGreaterThan(1);
    await page.close();
  }, 120_000);

  it("turns the overlay with a rotated image", async () => {
    const page = await open("/transforms.html");
    const aabb = (await page.locator("#rotated").boundingBox())!;
    const region = {
      x: Math.floor(aabb.x),
      y: Math.floor(aabb.y),
      width: Math.ceil(aabb.width),
      height: Math.ceil(aabb.height),
    };
    const before = await pixels(page, region);
    const result = await ext.translateImage(page, `${cdn}/img/rotated.jpg`);
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated" });
    const after = await pixels(page, region);
    await shot(page, "rotated-translated");
    // Where a pixel of the capture lies in the unrotated 240 × 240 picture.
    const angle = (-12 * Math.PI) / 180;
    const local = (x: number, y: number) => {
      const dx = x + region.x - (aabb.x + aabb.width / 2);
      const dy = y + region.y - (aabb.y + aabb.height / 2);
      return [dx * Math.cos(angle) - dy * Math.sin(angle), dx * Math.sin(angle) + dy * Math.cos(angle)];
    };
    const outside = (x: number, y: number) => local(x, y).some((v) => Math.abs(v) > 120 + 3);
    const inside = (x: number, y: number) => local(x, y).every((v) => Math.abs(v) < 120 - 3);
    // The page around the turned picture is untouched; the picture itself is translated.
    expect(meanDiff(before, after, outside)).toBe(0);
    expect(meanDiff(before, after, inside)).toBeGreaterThan(1);
    await page.close();
  }, 120_000);
});
