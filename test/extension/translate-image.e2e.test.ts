/**
 * The extension end to end in real Chromium: the built extension loaded in a persistent context, product
 * pages that look like Taobao, Rakuten and Amazon on one local origin, their images on a second origin that
 * refuses requests without the page's Referer. `globalThis.marketlens.translateImage` is called in the
 * service worker exactly as an outside check calls it (the very function the context menu calls).
 */
import { cpus } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExtension } from "./support/build-extension.ts";
import { type ExtensionBrowser, launchExtension, openPage, overlayOf } from "./support/extension-browser.ts";
import { type FakeMarketlensServer, startFakeMarketlensServer } from "./support/fake-marketlens-server.ts";
import { type FixtureSites, startFixtureSites } from "./support/fixture-sites.ts";
import {
  drawMarketplaceImages,
  imageRoutes,
  type MarketplaceImages,
  marketplacePages,
} from "./support/marketplace-pages.ts";
import { compare, pixels, shot } from "./support/page-pixels.ts";

let sites: FixtureSites;
let ext: ExtensionBrowser;
let images: MarketplaceImages;
let lens: FakeMarketlensServer;

beforeAll(async () => {
  const [dir, drawn] = await Promise.all([buildExtension("chrome"), drawMarketplaceImages()]);
  images = drawn;
  sites = await startFixtureSites(marketplacePages, imageRoutes(images));
  lens = await startFakeMarketlensServer();
  ext = await launchExtension(dir, [sites.pageOrigin, sites.cdnOrigin, lens.origin]);
}, 300_000);

afterAll(async () => {
  await ext?.close();
  await sites?.close();
  await lens?.close();
});

const open = (path: string) => openPage(ext, `${sites.pageOrigin}${path}`);

describe("Translate image (the fixed contract)", () => {
  it("paints a translated picture exactly over an Amazon-style product tile, and the toggle restores the original", async () => {
    const page = await open("/amazon/item.html");
    const srcUrl = `${sites.cdnOrigin}/img/tile-0.jpg`;
    const tile = page.locator("#tile-0");
    const box = (await tile.boundingBox())!;
    const before = await pixels(page, box);

    const pending = ext.translateImage(page, srcUrl);
    const overlay = overlayOf(page, srcUrl);
    await expect.poll(() => overlay.getAttribute("data-marketlens-state")).toBe("working");
    await shot(page, "amazon-working");
    const result = await pending;
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated", fromCache: false });
    await shot(page, "amazon-translated");
    // The offscreen document is cross-origin isolated (the manifest's COEP/COOP), so WASM has threads.
    const engine = await ext.worker.evaluate(() =>
      (
        globalThis as unknown as { marketlens: { engineStatus(): Promise<unknown> } }
      ).marketlens.engineStatus(),
    );
    expect(engine, JSON.stringify(engine)).toMatchObject({ backend: expect.stringContaining("WASM") });
    expect((engine as { threads: number }).threads).toBe(Math.min(4, cpus().length));

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
    await shot(page, "amazon-original");
    expect(compare(before, restored, [], 1).outside).toBe(0);
    await page.close();
  }, 180_000);

  it("on a Taobao-style page: fetches the full-size original behind an alicdn thumbnail with the page's Referer, shows the ring at once, and serves the second visit from the cache", async () => {
    const page = await open("/taobao/item.html");
    const thumbUrl = `${sites.cdnOrigin}/img/main.jpg_360x360q90.jpg_.webp`;
    // The moment the ring appears, measured in the page; the call's start, in the service worker.
    await page.evaluate(() => {
      new MutationObserver(() => {
        const w = document.querySelector('[data-marketlens-state="working"]');
        const ring = w?.shadowRoot?.querySelector('[role="progressbar"]');
        if (ring && !(window as unknown as { ringAt?: number }).ringAt)
          (window as unknown as { ringAt?: number }).ringAt = Date.now();
      }).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    });
    const result = await ext.translateImage(page, thumbUrl);
    const calledAt = result.calledAt;
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated", fromCache: false });
    const ringAt = await page.evaluate(() => (window as unknown as { ringAt?: number }).ringAt);
    expect(ringAt).toBeDefined();
    // 100 ms is the goal (npm run bench -- extension measures it); a busy shared machine gets slack here.
    expect(ringAt! - calledAt).toBeLessThan(1000);

    const original = sites.requests.filter((r) => r.url === `${sites.cdnOrigin}/img/main.jpg`);
    expect(original.length).toBeGreaterThan(0);
    expect(original.every((r) => r.referer?.startsWith(sites.pageOrigin))).toBe(true);
    const overlay = overlayOf(page, thumbUrl);
    expect(await overlay.getAttribute("data-marketlens-state")).toBe("translated");
    const main = (await page.locator("#main").boundingBox())!;
    const covered = (await overlay.boundingBox())!;
    expect(Math.abs(covered.x - (main.x + 1))).toBeLessThanOrEqual(1); // inside the 1 px border
    expect(Math.abs(covered.width - (main.width - 2))).toBeLessThanOrEqual(1);

    await page.mouse.move(main.x + main.width / 2, main.y + main.height / 2);
    await expect.poll(() => overlay.evaluate((el) => !!el.shadowRoot?.querySelector(".toolbar"))).toBe(true);
    await shot(page, "taobao-translated-toolbar");

    // The overlay follows the image when the page scrolls.
    await page.evaluate(() => window.scrollBy(0, 120));
    await expect
      .poll(async () => (await overlay.boundingBox())!.y)
      .toBeCloseTo((await page.locator("#main").boundingBox())!.y + 1, 0);

    // Second visit: the same picture comes from the cache, without the engine.
    await page.reload();
    await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
    const again = await ext.translateImage(page, thumbUrl);
    expect(again, JSON.stringify(again)).toMatchObject({ state: "translated", fromCache: true });
    expect(again.ms).toBeLessThan(result.ms);
    await page.close();
  }, 180_000);

  it("shows a broken image's error on the image, in words", async () => {
    const page = await open("/taobao/item.html");
    const srcUrl = `${sites.cdnOrigin}/img/broken.jpg`;
    const result = await ext.translateImage(page, srcUrl);
    expect(result.state).toBe("failed");
    const overlay = overlayOf(page, srcUrl);
    expect(await overlay.getAttribute("data-marketlens-state")).toBe("failed");
    const words = await overlay.evaluate(
      (el) => el.shadowRoot?.querySelector('[role="alert"]')?.textContent ?? "",
    );
    expect(words).toContain("Could not read this image");
    // A picture may still be loading: trying again can help, so the error offers it.
    expect(words).toContain("Retry");
    await overlay.scrollIntoViewIfNeeded();
    await shot(page, "taobao-broken-image");
    await page.close();
  }, 60_000);

  it("finds a CSS background banner under the pointer (the menu gives no image there) and paints over it", async () => {
    const page = await open("/taobao/item.html");
    await page.locator("#promo").click({ button: "right" });
    const tabId = await ext.tabIdOf(page);
    const result = await ext.worker.evaluate(
      (t) =>
        (
          globalThis as unknown as {
            marketlens: { translateBackground(tabId: number, frameId: number): Promise<{ state: string }> };
          }
        ).marketlens.translateBackground(t, 0),
      tabId,
    );
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated" });
    const overlay = overlayOf(page, `${sites.cdnOrigin}/img/banner.jpg`);
    expect(await overlay.getAttribute("data-marketlens-state")).toBe("translated");
    const box = (await page.locator("#promo").boundingBox())!;
    const covered = (await overlay.boundingBox())!;
    expect(Math.abs(covered.width - box.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(covered.height - box.height)).toBeLessThanOrEqual(1);
    await page.close();
  }, 120_000);

  it("translates the Japanese banner of a Rakuten-style <picture>", async () => {
    const page = await open("/rakuten/item.html");
    const srcUrl = `${sites.cdnOrigin}/img/banner.jpg`;
    const result = await ext.translateImage(page, srcUrl);
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated" });
    await shot(page, "rakuten-banner");
    const box = (await page.locator("#banner").boundingBox())!;
    const covered = (await overlayOf(page, srcUrl).boundingBox())!;
    expect(Math.abs(covered.width - box.width)).toBeLessThanOrEqual(1);
    await page.close();
  }, 120_000);
});

describe("Translate all images on the page", () => {
  it("translates every visible product tile and skips the icon", async () => {
    const page = await open("/amazon/item.html");
    const tabId = await ext.tabIdOf(page);
    await ext.worker.evaluate(
      (t) =>
        (
          globalThis as unknown as {
            chrome: { tabs: { sendMessage(t: number, m: object): Promise<unknown> } };
          }
        ).chrome.tabs.sendMessage(t, {
          type: "page:translate-all",
        }),
      tabId,
    );
    for (const i of [0, 1, 2])
      await expect
        .poll(
          () => overlayOf(page, `${sites.cdnOrigin}/img/tile-${i}.jpg`).getAttribute("data-marketlens-state"),
          {
            timeout: 150_000,
            interval: 500,
          },
        )
        .toBe("translated");
    expect(await overlayOf(page, `${sites.cdnOrigin}/img/icon.png`).count()).toBe(0);
    await page.close();
  }, 200_000);
});

describe("Settings and the Marketlens server connection", () => {
  it("connects from the options page with an extension token, translates through the server, and disconnects", async () => {
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await options.locator('select[name="targetLanguage"]').selectOption("en");
    await options.locator('input[name="serverUrl"]').fill(lens.origin);
    const [connectTab] = await Promise.all([
      ext.context.waitForEvent("page"),
      options.locator('button[name="connect"]').click(),
    ]);
    await connectTab.waitForURL(/connect\.html/);
    await expect.poll(() => connectTab.locator("main").getAttribute("data-connect-state")).toBe("connected");
    expect(connectTab.url()).not.toContain("token="); // cleared from the address bar
    await options.reload();
    await expect
      .poll(() => options.locator('[data-testid="connected"]').textContent())
      .toContain("shopper@example.com");
    await options.locator('select[name="translator"]').selectOption("server");
    await shot(options, "options-connected");

    const page = await open("/amazon/item.html");
    const result = await ext.translateImage(page, `${sites.cdnOrigin}/img/tile-1.jpg`);
    expect(result, JSON.stringify(result)).toMatchObject({ state: "translated" });
    const calls = lens.seen.filter((r) => r.path === "/app/translate");
    expect(calls.length).toBeGreaterThan(0);
    for (const call of [...calls, ...lens.seen.filter((r) => r.path === "/app/session")]) {
      expect(call.authorization).toBe(`Bearer ${lens.token}`);
      expect(call.headers).not.toHaveProperty("x-api-key");
    }
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ target: "en" });

    await options.locator('button[name="disconnect"]').click();
    await expect.poll(() => options.locator('input[name="serverUrl"]').count()).toBe(1);
    const stored = await ext.worker.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } };
        }
      ).chrome.storage.local.get("settings"),
    );
    expect(stored.settings).toMatchObject({ server: null, translator: "auto", targetLanguage: "en" });
    await Promise.all([page.close(), options.close(), connectTab.close()]);
  }, 180_000);
});

describe("Privacy", () => {
  it("no request left for anything but the fixture origins and the extension itself", () => {
    expect(ext.outside).toEqual([]);
    expect(ext.requested.length).toBeGreaterThan(0);
  });
});
