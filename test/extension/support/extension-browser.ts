/**
 * Chromium with the built extension loaded (playwright-core `launchPersistentContext`), the extension's
 * service worker at hand, and every request recorded: the page's, the service worker's and the offscreen
 * document's. Requests for anything but the allowed origins are aborted and reported.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Worker } from "playwright-core";
import { CHROME_PATH } from "../../engine/support/browser-harness.ts";

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** URLs requested outside the allowed origins (each was aborted). */
  outside: string[];
  /** Every URL requested by any page, worker or the offscreen document. */
  requested: string[];
  tabIdOf(page: Page): Promise<number>;
  /**
   * The extension's own views that Playwright's context does not list (the toolbar popup, the real side
   * panel), through the browser's DevTools endpoint; only with `{ devtools: true }` at launch. The pages
   * of an earlier call are not to be used after the next.
   */
  extensionViews(): Promise<Page[]>;
  /** `globalThis.marketlens.translateImage` called in the service worker, as an outside check does. */
  translateImage(page: Page, srcUrl: string, frameId?: number): Promise<TranslateResult>;
  close(): Promise<void>;
}

export interface TranslateResult {
  state: string;
  fromCache?: boolean;
  message?: string;
  ms: number;
  /** Date.now() in the service worker just before the call (the ring's latency is measured from it). */
  calledAt: number;
}

export async function launchExtension(
  extensionDir: string,
  allowedOrigins: string[],
  options: { devtools?: boolean } = {},
): Promise<ExtensionBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "marketlens-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    headless: false,
    viewport: { width: 1280, height: 900 },
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // Port 0: Chromium picks a free one and writes it to DevToolsActivePort in the profile.
      ...(options.devtools ? ["--remote-debugging-port=0"] : []),
    ],
  });
  const outside: string[] = [];
  const requested: string[] = [];
  const allowed = (url: string) =>
    allowedOrigins.some((o) => url.startsWith(`${o}/`)) || /^(chrome-extension|data|blob):/.test(url);
  context.on("request", (r) => requested.push(r.url()));
  await context.route(
    (url) => !allowed(url.href),
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  const worker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;
  await worker.evaluate(() => new Promise((ok) => setTimeout(ok, 50)));

  const remote: Browser[] = [];
  const tabIdOf = async (page: Page) => {
    const url = page.url();
    const id = await worker.evaluate(async (u) => {
      const api = (
        globalThis as unknown as {
          chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
        }
      ).chrome;
      const tabs = await api.tabs.query({});
      return tabs.find((t) => t.url === u)?.id;
    }, url);
    if (id === undefined) throw new Error(`no tab with ${url}`);
    return id;
  };

  return {
    context,
    worker,
    extensionId,
    outside,
    requested,
    tabIdOf,
    async extensionViews() {
      if (!options.devtools) throw new Error("launchExtension(..., { devtools: true }) to see the views");
      const port = readFileSync(join(profile, "DevToolsActivePort"), "utf8").split("\n")[0];
      // A connection lists the views open when it was made (a view opened later, such as the side panel
      // the popup opens, was not seen by an older one): connect again, and let go of the older one, whose
      // pages are no longer to be used.
      for (const old of remote.splice(0)) await old.close();
      remote.push(await chromium.connectOverCDP(`http://127.0.0.1:${port}`));
      return remote
        .at(-1)!
        .contexts()
        .flatMap((c) => c.pages())
        .filter((p) => p.url().startsWith(`chrome-extension://${extensionId}/`));
    },
    async translateImage(page, srcUrl, frameId = 0) {
      const tabId = await tabIdOf(page);
      return worker.evaluate(
        async (request) => {
          const calledAt = Date.now();
          const result = await (
            globalThis as unknown as {
              marketlens: { translateImage(r: object): Promise<Omit<TranslateResult, "calledAt">> };
            }
          ).marketlens.translateImage(request);
          return { ...result, calledAt };
        },
        { tabId, frameId, srcUrl },
      );
    },
    async close() {
      for (const r of remote) await r.close();
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new tab at `url`, once every image of the page has loaded (or failed). */
export async function openPage(ext: ExtensionBrowser, url: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  return page;
}

/** The overlay the extension put over the image `srcUrl` (the fixed contract's `data-marketlens-src`). */
export const overlayOf = (page: Page, srcUrl: string) => page.locator(`[data-marketlens-src="${srcUrl}"]`);
