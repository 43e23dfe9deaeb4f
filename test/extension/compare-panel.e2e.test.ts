/**
 * The seller's comparison end to end in real Chromium: the companion server (the real app on PGlite, the
 * sandbox's marketplaces behind the real modules, without latency), an account with a balance and a
 * connected extension token, a sandbox product page, and the side panel: the real one, opened by the
 * toolbar popup's button (the popup opened by `action.openPopup()`, both driven through the browser's
 * DevTools endpoint, as Playwright's context does not list them), and for the other checks the panel's
 * page in a tab for the product's tab (`sidepanel.html?tabId=N`), the same page and code.
 * COMPARE_SCREENSHOTS=1 (npm run docs:compare) writes the pictures of docs/compare.md.
 */

import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { serve } from "@hono/node-server";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { crossListingTruth, type TruthListing } from "../../server/sandbox/catalog/cross-listing-truth.ts";
import { productPagePath } from "../../server/sandbox/pages/product-pages.ts";
import { defaultSettings } from "../../src/extension/settings.ts";
import { type Live, liveModules } from "../marketplaces/support.ts";
import { chargedUnits } from "../support/charged-units.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { buildExtension } from "./support/build-extension.ts";
import { type ExtensionBrowser, launchExtension } from "./support/extension-browser.ts";

const SCREENSHOTS = process.env.COMPARE_SCREENSHOTS === "1";
const SHOTS_DIR = "docs/images/compare";

let live: Live;
let t: TestApp;
let server: ReturnType<typeof serve>;
let base: string;
let ext: ExtensionBrowser;

/**
 * A product sold on emporium (the source: an English page) and on crossborder, auction and storefront,
 * one unit and the same colour everywhere; megastore is the marketplace made to fail.
 */
const truth = crossListingTruth(1);
const fair = (l: TruthListing) => l.marketplace !== "megastore" && l.packSize === 1 && !l.colorDiffers;
const group = [...truth.groups.values()].find(
  (g) => g.filter(fair).length >= 4 && g.some((l) => l.marketplace === "emporium" && fair(l)),
)!;
const source = group.find((l) => l.marketplace === "emporium")!;

beforeAll(async () => {
  const built = buildExtension("chrome");
  live = await liveModules({ warm: true });
  t = await createTestApp({
    marketplaces: live.modules,
    env: {
      CAPACITY_PER_MARKETPLACE: "1000",
      CAPACITY_GLOBAL: "1000",
      COMPARE_RATE_PER_SECOND: "1000",
      // A loaded machine must not turn a slow marketplace into a failed one.
      COMPARE_DEADLINE_MS: "30000",
    },
  });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origins = Object.values(live.sandbox.urls).map((u) => new URL(u).origin);
  ext = await launchExtension(await built, [base, ...origins], { devtools: true });
  await warmComparison();
  if (SCREENSHOTS) mkdirSync(SHOTS_DIR, { recursive: true });
}, 300_000);

afterAll(async () => {
  await ext?.close();
  server?.close();
  await t?.close();
  await live?.close();
});

/**
 * One comparison of another product first, as a running server has done: the translator's data, the
 * picture decoder and the modules' connections are loaded once per process, not per comparison.
 */
async function warmComparison(): Promise<void> {
  const { accountId } = await t.admin.customer("5.00");
  const { token } = await t.services.extensionTokens.create(accountId, "warm-up");
  const other = [...truth.groups.values()].find((g) => g.length >= 3 && g !== group)![0]!;
  const res = await t.request("/app/compare", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ marketplace: other.marketplace, productId: other.productId }),
  });
  if (res.status !== 200) throw new Error(`warm-up comparison: ${res.status} ${await res.text()}`);
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SCREENSHOTS) return;
  // The panel's CJK font (8 MB, packaged) is read on first use: wait for it before the picture.
  await page.evaluate(async () => {
    await Promise.all([
      document.fonts.load('400 13px "Marketlens CJK"', "中あ한"),
      document.fonts.load('700 13px "Marketlens CJK"', "中あ한"),
    ]);
    await document.fonts.ready;
  });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
}

async function connect(token: string | null, language = "en-US"): Promise<void> {
  const settings = {
    ...defaultSettings(language),
    server: token
      ? { url: base, token, email: "seller@example.com", connectedAt: new Date().toISOString() }
      : null,
  };
  await ext.worker.evaluate(
    (s) =>
      (
        globalThis as unknown as { chrome: { storage: { local: { set(o: object): Promise<void> } } } }
      ).chrome.storage.local.set({ settings: s, compareCurrency: "EUR" }),
    settings,
  );
}

const chargedUnitsOf = (accountId: string) => chargedUnits(t, { accountId });

describe("the comparison side panel", () => {
  it("compares a sandbox product page: rows from three marketplaces within 2 s, the cheapest fair match highlighted, a failing marketplace in its own row, units as the ledger's", async () => {
    const { accountId } = await t.admin.customer("5.00");
    const { token } = await t.services.extensionTokens.create(accountId, "Chromium test");
    await connect(null);

    const product = catalogOf("emporium", 1, new Date()).byId.get(source.productId)!;
    const page = await ext.context.newPage();
    await page.goto(`${new URL(live.sandbox.urls.emporium).origin}${productPagePath(product)}`);
    await shot(page, "sandbox-page", false);
    const tabId = await ext.tabIdOf(page);

    const panel = await ext.context.newPage();
    await panel.setViewportSize({ width: 420, height: 1100 });
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId("not-connected").waitFor();
    expect(await panel.getByRole("button", { name: "Connect to your Marketlens server" }).isVisible()).toBe(
      true,
    );
    await shot(panel, "panel-not-connected");

    live.sandbox.faults.inject("megastore", "error", 50, 500);
    try {
      await connect(token); // the panel sees the connection and starts
      await panel.getByTestId("source").waitFor();
      expect(await panel.getByTestId("source").textContent()).toContain(product.title);
      await panel.getByTestId("units").waitFor({ timeout: 30_000 });
    } finally {
      live.sandbox.faults.clear("megastore");
    }

    // Rows from at least three other marketplaces, the third's first row within 2 s of the request.
    const rows = await panel.getByTestId("match-row").evaluateAll((els) =>
      els.map((el) => ({
        marketplace: el.getAttribute("data-marketplace")!,
        productId: el.getAttribute("data-product-id")!,
        cheapest: el.getAttribute("data-cheapest") === "true",
        score: Number(el.getAttribute("data-score")),
        landed: Number(el.getAttribute("data-landed")),
        warnings: el.getAttribute("data-warnings")!,
      })),
    );
    const marketplaces = new Set(rows.map((r) => r.marketplace));
    expect(marketplaces.size).toBeGreaterThanOrEqual(3);
    expect(marketplaces.has("megastore")).toBe(false);
    const firstSeen = JSON.parse(
      (await panel.getByTestId("first-seen").getAttribute("data-first-seen"))!,
    ) as Record<string, number>;
    const third = Object.entries(firstSeen)
      .filter(([m]) => m !== "megastore")
      .map(([, ms]) => ms)
      .sort((a, b) => a - b)[2]!;
    // 2 s is the goal on a machine that is not oversubscribed; on a shared one (load above 1.5 a core)
    // the bound only catches a hang (6.5 s measured at load 20 on 2 cores), and the figure is printed (docs/compare.md).
    const loadPerCore = loadavg()[0]! / availableParallelism();
    const bound = loadPerCore <= 1.5 ? 2000 : 15_000;
    console.log(
      `compare panel: first rows per marketplace (ms) ${JSON.stringify(firstSeen)}, load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores, bound ${bound} ms`,
    );
    expect(third).toBeLessThanOrEqual(bound);

    // The cheapest fair match: highlighted, one of the product's own listings, and no fair row is cheaper.
    const highlighted = rows.filter((r) => r.cheapest);
    expect(highlighted).toHaveLength(1);
    const fair = rows.filter((r) => r.score >= 0.5 && !/pack-size|variant/.test(r.warnings));
    expect(highlighted[0]!.landed).toBe(Math.min(...fair.map((r) => r.landed)));
    expect(group.map((l) => l.productId)).toContain(highlighted[0]!.productId);

    // The failing marketplace says so in its own line; the others answered.
    const failed = panel.locator('[data-testid="marketplace-failed"][data-marketplace="megastore"]');
    expect(await failed.textContent()).toMatch(/failed: .+UPSTREAM_ERROR/);

    // What the panel says it cost is what the ledger charged the account.
    const units = Number(await panel.getByTestId("units").getAttribute("data-units"));
    expect(units).toBeGreaterThan(0);
    expect(await chargedUnitsOf(accountId)).toBe(units);
    await shot(panel, "panel");

    // Sorting by score puts the best-scored row first.
    await panel.getByRole("button", { name: "Match score" }).click();
    const scores = await panel
      .getByTestId("match-row")
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-score"))));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await page.close();
    await panel.close();
  }, 180_000);

  it("a page that is no product page says what to open; an empty balance says to top up", async () => {
    const { accountId } = await t.admin.customer("0.00");
    const { token } = await t.services.extensionTokens.create(accountId, "empty");
    await connect(token);
    const listing = await ext.context.newPage();
    await listing.goto(`${new URL(live.sandbox.urls.emporium).origin}/pages`);
    const panel = await ext.context.newPage();
    await panel.goto(
      `chrome-extension://${ext.extensionId}/sidepanel.html?tabId=${await ext.tabIdOf(listing)}`,
    );
    await panel.getByTestId("not-a-product").waitFor();

    const product = catalogOf("emporium", 1, new Date()).products[5]!;
    await listing.goto(`${new URL(live.sandbox.urls.emporium).origin}${productPagePath(product)}`);
    const refused = panel.getByTestId("refused"); // the panel follows its tab's navigation
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.getAttribute("data-code")).toBe("INSUFFICIENT_BALANCE");
    expect(await panel.getByRole("link", { name: "Top up in the dashboard" }).getAttribute("href")).toBe(
      `${base}/dashboard/balance`,
    );
    await listing.close();
    await panel.close();
  }, 120_000);

  it("the popup's button opens the real side panel, which compares the page's product with titles in the seller's language and says what a deeper comparison costs before it runs", async () => {
    const { accountId } = await t.admin.customer("5.00");
    const { token } = await t.services.extensionTokens.create(accountId, "popup test");
    await connect(token, "ko-KR"); // a Korean seller: titles in Korean
    const other = [...truth.groups.values()].find(
      (g) => g !== group && g.length >= 4 && g.some((l) => l.marketplace === "emporium"),
    )!;
    const listing = other.find((l) => l.marketplace === "emporium")!;
    const product = catalogOf("emporium", 1, new Date()).byId.get(listing.productId)!;
    const page = await ext.context.newPage();
    await page.goto(`${new URL(live.sandbox.urls.emporium).origin}${productPagePath(product)}`);
    await page.bringToFront();

    // The toolbar popup, as a click on the action button opens it, then its first button.
    await ext.worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { action: { openPopup(): Promise<void> } } }
      ).chrome.action.openPopup(),
    );
    const popup = await view("/popup.html");
    await popup.getByRole("button", { name: "Compare on other marketplaces" }).click();
    const panel = await view("/sidepanel.html");
    expect(new URL(panel.url()).search).toBe(""); // the side panel itself, following the active tab
    await panel.getByTestId("source").waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId("source").textContent()).toContain(product.title);
    await panel.getByTestId("units").waitFor({ timeout: 30_000 });
    const rows = await panel.getByTestId("match-row").count();
    expect(rows).toBeGreaterThanOrEqual(3);

    // Titles in Korean, translated on the device: Chinese, Japanese and English ones alike.
    await panel.waitForFunction(
      () => document.querySelectorAll('[data-testid="match-title"][data-translated="true"]').length >= 3,
      undefined,
      { timeout: 30_000 },
    );
    const titles = await panel.getByTestId("match-title").evaluateAll((els) =>
      els.map((el) => ({
        shown: el.textContent ?? "",
        original: el.getAttribute("data-original") ?? "",
        translated: el.getAttribute("data-translated") === "true",
      })),
    );
    for (const title of titles.filter((x) => x.translated)) {
      expect(title.shown).not.toBe(title.original);
      expect(title.shown).toMatch(/[\uac00-\ud7af]/);
      expect(title.shown).not.toMatch(/[\u3040-\u30ff]/);
    }
    const cjk = titles.filter((x) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(x.original));
    expect(cjk.length).toBeGreaterThan(0);
    expect(cjk.every((x) => x.translated)).toBe(true);

    // What the deeper comparison costs is on its button before anything more is charged.
    const units = Number(await panel.getByTestId("units").getAttribute("data-units"));
    expect(await chargedUnitsOf(accountId)).toBe(units);
    const expand = panel.getByTestId("expand");
    const quote = Number(await expand.getAttribute("data-units"));
    expect(await expand.textContent()).toContain(`up to ${quote} units`);
    expect(quote).toBeGreaterThan(units);
    await expand.click();
    await panel.locator('[data-testid="expand"][data-pages="3"]').waitFor({ timeout: 30_000 });
    const deeper = Number(await panel.getByTestId("units").getAttribute("data-units"));
    expect(deeper).toBeGreaterThan(0);
    expect(deeper).toBeLessThanOrEqual(quote);
    expect(await chargedUnitsOf(accountId)).toBe(units + deeper);
    await shot(panel, "panel-korean");
    await page.close();
  }, 180_000);
});

/** An extension view (popup, side panel) once it is open. */
async function view(path: string): Promise<Page> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await ext.extensionViews()).find((p) => new URL(p.url()).pathname === path);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${path} did not open`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
