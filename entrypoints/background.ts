import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import {
  type EngineClient,
  inProcessEngineClient,
  offscreenEngineClient,
} from "../src/extension/engine-client.ts";
import { extensionUrl } from "../src/extension/extension-url.ts";
import { BackgroundMessageSchema } from "../src/extension/protocol.ts";
import { ResultCache } from "../src/extension/result-cache.ts";
import { loadSettings, type Settings } from "../src/extension/settings.ts";
import { createImageTranslator, type TranslateImageRequest } from "../src/extension/translate-image.ts";

// Background: owns the context menus, fetches image bytes, keeps the result cache, and hands images to
// the engine (the offscreen document on Chrome, this page itself on Firefox). See docs/extension.md.
// `globalThis.marketlens.translateImage` is a fixed contract: the very function the menu calls.

const MENU = {
  translate: "marketlens-translate-image",
  original: "marketlens-show-original",
  translateAll: "marketlens-translate-all",
  background: "marketlens-translate-background",
} as const;

export default defineBackground(() => {
  let settings: Settings | undefined;
  const currentSettings = async () =>
    (settings ??= await loadSettings(browser.storage.local, navigator.language));
  browser.storage.onChanged.addListener(() => {
    settings = undefined;
    // A smaller cache size applies at once, not at the next translated image.
    void cache.evict().catch(() => undefined);
  });

  let engine: EngineClient;
  if (import.meta.env.FIREFOX) {
    const hosted = import("../src/extension/engine-host.ts").then(
      ({ EngineHost }) => new EngineHost(extensionUrl("/"), "Firefox background page"),
    );
    engine = {
      translate: async (...args) => inProcessEngineClient(await hosted).translate(...args),
      cancel: (jobId) => void hosted.then((h) => h.cancel(jobId)),
      status: async () => (await hosted).status(),
    };
  } else {
    engine = offscreenEngineClient();
  }

  const cache = new ResultCache(
    "marketlens-results",
    async () => (await loadSettings(browser.storage.local, navigator.language)).cacheMegabytes * 1024 * 1024,
  );
  const counts = new Map<number, number>();
  const translator = createImageTranslator({
    engine,
    cache,
    settings: currentSettings,
    onTranslated(tabId) {
      const n = (counts.get(tabId) ?? 0) + 1;
      counts.set(tabId, n);
      void browser.action.setBadgeText({ tabId, text: String(n) }).catch(() => undefined);
    },
  });

  const translateImage = (request: TranslateImageRequest) => translator.translateImage(request);
  (globalThis as unknown as { marketlens: object }).marketlens = {
    translateImage,
    engineStatus: () => engine.status(),
    cacheStats: () => cache.stats(),
    clearCache: () => cache.clear(),
    /** The result cache itself, for the end-to-end tests of its bound and eviction. */
    cache,
  };

  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.removeAll(() => {
      browser.contextMenus.create({ id: MENU.translate, title: "Translate image", contexts: ["image"] });
      browser.contextMenus.create({ id: MENU.original, title: "Show original", contexts: ["image"] });
      // A CSS background image (banners) gets no "image" menu: this item finds it under the pointer.
      browser.contextMenus.create({
        id: MENU.background,
        title: "Translate image under the pointer",
        contexts: ["page", "link"],
      });
      browser.contextMenus.create({
        id: MENU.translateAll,
        title: "Translate all images on this page",
        contexts: ["page"],
      });
    });
  });

  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (tab?.id === undefined) return;
    const frameId = info.frameId ?? 0;
    if (info.menuItemId === MENU.translate && info.srcUrl)
      void translateImage({ tabId: tab.id, frameId, srcUrl: info.srcUrl });
    else if (info.menuItemId === MENU.original && info.srcUrl)
      void browser.tabs.sendMessage(tab.id, { type: "overlay:toggle", srcUrl: info.srcUrl }, { frameId });
    else if (info.menuItemId === MENU.background) void translateBackground(tab.id, frameId);
    else if (info.menuItemId === MENU.translateAll)
      void browser.tabs.sendMessage(tab.id, { type: "page:translate-all" }, { frameId });
  });

  /** Asks the frame for the background image under the last right-click, then translates it. */
  const translateBackground = async (tabId: number, frameId: number) => {
    const reply = (await browser.tabs
      .sendMessage(tabId, { type: "pointer:background" }, { frameId })
      .catch(() => undefined)) as { srcUrl?: string } | undefined;
    if (!reply?.srcUrl)
      return { state: "failed" as const, message: "no background image under the pointer", ms: 0 };
    return translateImage({ tabId, frameId, srcUrl: reply.srcUrl });
  };
  (globalThis as unknown as { marketlens: Record<string, unknown> }).marketlens.translateBackground =
    translateBackground;

  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === "loading") {
      counts.delete(tabId);
      void browser.action.setBadgeText({ tabId, text: "" }).catch(() => undefined);
    }
  });

  browser.runtime.onMessage.addListener((raw, sender, sendResponse) => {
    const parsed = BackgroundMessageSchema.safeParse(raw);
    if (!parsed.success) return undefined;
    const message = parsed.data;
    const tabId = sender.tab?.id;
    const frameId = sender.frameId ?? 0;
    const reply = (p: Promise<unknown>) => {
      p.then(sendResponse, (e) => sendResponse({ error: String(e) }));
      return true;
    };
    switch (message.type) {
      case "translate":
        if (tabId === undefined) return undefined;
        return reply(
          translateImage({
            tabId,
            frameId,
            srcUrl: message.srcUrl,
            quiet: message.quiet,
            ...(message.retry ? { retry: message.retryWith ?? {} } : {}),
          }),
        );
      case "cancel":
        if (tabId !== undefined) translator.cancel(tabId, frameId, message.srcUrl);
        return undefined;
      case "translate-page":
        return reply(browser.tabs.sendMessage(message.tabId, { type: "page:translate-all" }));
      case "status":
        return reply(
          Promise.all([engine.status(), cache.stats()]).then(([engineStatus, cacheStats]) => ({
            engine: engineStatus ?? null,
            cache: cacheStats,
          })),
        );
      case "cache:clear":
        return reply(cache.clear().then(() => ({ ok: true })));
      case "cache:stats":
        return reply(cache.stats());
      case "badge":
        return undefined;
    }
  });
});
