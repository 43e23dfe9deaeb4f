/**
 * `translateImage({tabId, frameId, srcUrl})`: the whole flow behind "Translate image", and the fixed
 * contract outside checks call as `globalThis.marketlens.translateImage`. It resolves once the overlay on
 * the page is painted or shows its failure:
 * content script puts a ring on the image -> background fetches the best source -> cache or engine ->
 * content script paints the picture over the image.
 */
import { browser } from "wxt/browser";
import type { EngineClient } from "./engine-client.ts";
import { fetchImage, ImageFetchError } from "./image-fetch.ts";
import {
  type ContentMessage,
  type EngineSettings,
  type PaintedResult,
  PaintReplySchema,
  StartReplySchema,
  type UiStage,
} from "./protocol.ts";
import { type ResultCache, sha256Hex } from "./result-cache.ts";
import { resultKeySettings, type Settings } from "./settings.ts";
import { canRetry, shopperMessage } from "./shopper-messages.ts";

export interface TranslateImageRequest {
  tabId: number;
  frameId?: number;
  srcUrl: string;
  /** Translate-all and auto-translate: an image without text is left as it is, without an error. */
  quiet?: boolean;
  /** The toolbar's Retry: runs the engine again (no cached picture), with another font or weight if given. */
  retry?: { font?: Settings["font"]; fontWeight?: Settings["fontWeight"] };
}

export interface TranslateImageResult {
  state: "translated" | "failed" | "skipped" | "cancelled";
  fromCache?: boolean;
  message?: string;
  /** For failures: the error code and the technical message behind the shopper's words. */
  code?: string;
  detail?: string;
  /** Milliseconds from the call to the overlay painted. */
  ms: number;
}

export interface TranslatorDeps {
  engine: EngineClient;
  cache: ResultCache;
  settings: () => Promise<Settings>;
  /** Called when an image of a tab is translated, for the badge counter. */
  onTranslated?: (tabId: number) => void;
}

export function engineSettings(s: Settings): EngineSettings {
  return {
    targetLanguage: s.targetLanguage,
    font: s.font,
    fontWeight: s.fontWeight,
    translator: s.translator === "server" && !s.server ? "auto" : s.translator,
    engineBackend: s.engineBackend,
    glossary: {
      terms: Object.fromEntries(s.glossary.map((g) => [g.source, g.target])),
      keep: s.neverTranslate,
    },
    ...(s.server && s.translator === "server"
      ? { server: { url: s.server.url, token: s.server.token } }
      : {}),
  };
}

export function createImageTranslator(deps: TranslatorDeps) {
  /** Jobs by tab, frame and image, so a job can be cancelled when its image leaves the viewport. */
  const jobs = new Map<string, { jobId: string; abort: AbortController }>();
  const jobKey = (tabId: number, frameId: number, srcUrl: string) => `${tabId}/${frameId}/${srcUrl}`;

  const toFrame = (tabId: number, frameId: number, message: ContentMessage) =>
    browser.tabs.sendMessage(tabId, message, { frameId });

  async function translateImage(request: TranslateImageRequest): Promise<TranslateImageResult> {
    const started = performance.now();
    const { tabId, srcUrl } = request;
    const frameId = request.frameId ?? 0;
    const key = jobKey(tabId, frameId, srcUrl);
    jobs.get(key)?.abort.abort();
    const jobId = crypto.randomUUID();
    const abort = new AbortController();
    jobs.set(key, { jobId, abort });
    const done = (r: Omit<TranslateImageResult, "ms">): TranslateImageResult => {
      if (jobs.get(key)?.jobId === jobId) jobs.delete(key);
      return { ...r, ms: performance.now() - started };
    };
    const fail = async (code: string, detail?: string) => {
      const message = shopperMessage(code, detail);
      await toFrame(tabId, frameId, { type: "overlay:fail", jobId, message, retry: canRetry(code) }).catch(
        () => undefined,
      );
      return done({ state: "failed", message, code, ...(detail ? { detail } : {}) });
    };
    /** Takes the ring off (cancelled, or skipped quietly: no message), or leaves `message` on the image. */
    const clear = async (message = "") => {
      await toFrame(tabId, frameId, { type: "overlay:fail", jobId, message, retry: false }).catch(
        () => undefined,
      );
    };
    const paint = async (result: PaintedResult, fromCache: boolean) => {
      const painted = PaintReplySchema.safeParse(
        await toFrame(tabId, frameId, { type: "overlay:paint", jobId, result }).catch((e) => ({
          painted: false,
          message: String(e),
        })),
      );
      if (!painted.success || !painted.data.painted)
        return done({ state: "failed", message: painted.success ? painted.data.message : "paint failed" });
      deps.onTranslated?.(tabId);
      return done({ state: "translated", fromCache });
    };

    const start = StartReplySchema.safeParse(
      await toFrame(tabId, frameId, { type: "overlay:start", srcUrl, jobId }).catch((e) => ({
        ok: false,
        message: String(e),
      })),
    );
    if (!start.success) return done({ state: "failed", message: "the page did not answer" });
    if (!start.data.ok) return done({ state: "failed", message: start.data.message });
    const progress = (stage: UiStage, value: number) =>
      void toFrame(tabId, frameId, { type: "overlay:progress", jobId, stage, progress: value }).catch(
        () => undefined,
      );

    const { candidates, pageUrl } = start.data;
    const settings = { ...(await deps.settings()), ...request.retry };
    const settingsKey = resultKeySettings(settings);
    if (!(await mayRead(candidates[0]!))) return fail("NO_PERMISSION");

    // A URL seen before whose picture is cached paints at once; its bytes are checked after the paint.
    const seen = request.retry
      ? undefined
      : await deps.cache.sources.get(candidates[0]!).catch(() => undefined);
    const seenResult = seen && (await deps.cache.get(`${seen.hash}:${settingsKey}`).catch(() => undefined));
    if (seen && seenResult) {
      const outcome = await paint(seenResult, true);
      if (outcome.state === "translated") void recheck(request, candidates, pageUrl, seen.hash);
      return outcome;
    }

    let bytes: ArrayBuffer;
    try {
      bytes = (await fetchImage(candidates, pageUrl, abort.signal)).bytes;
    } catch (error) {
      if (abort.signal.aborted) return done({ state: "cancelled" });
      const e =
        error instanceof ImageFetchError ? error : new ImageFetchError("NETWORK_ERROR", String(error));
      return fail(e.code, e.detail);
    }
    progress("reading", 0.05);

    const hash = await sha256Hex(bytes);
    await deps.cache.sources.set(candidates[0]!, hash).catch(() => undefined);
    const cacheKey = `${hash}:${settingsKey}`;
    const cached = request.retry ? undefined : await deps.cache.get(cacheKey).catch(() => undefined);
    if (cached) return paint(cached, true);

    const onAbort = () => deps.engine.cancel(jobId);
    abort.signal.addEventListener("abort", onAbort);
    const reply = await deps.engine.translate(jobId, bytes, engineSettings(settings), progress);
    abort.signal.removeEventListener("abort", onAbort);
    if (abort.signal.aborted || (!reply.ok && reply.code === "CANCELLED")) {
      await clear();
      return done({ state: "cancelled" });
    }
    if (!reply.ok) {
      if (reply.code !== "NO_TEXT") return fail(reply.code, reply.message);
      await clear(request.quiet ? "" : reply.message);
      return done({ state: request.quiet ? "skipped" : "failed", message: reply.message });
    }
    await deps.cache.put(cacheKey, reply.result).catch(() => undefined);
    return paint(reply.result, false);
  }

  /**
   * After a paint from the URL memo: downloads the image again and compares its bytes. The browser's HTTP
   * cache answers while the site's cache headers say the image is fresh, and otherwise revalidates it
   * (ETag / Last-Modified), so this costs little; a picture that changed at the same URL is translated
   * again at once. A stale translation thus lasts no longer than the site's own cache lifetime.
   */
  async function recheck(
    request: TranslateImageRequest,
    candidates: string[],
    pageUrl: string,
    hash: string,
  ): Promise<void> {
    const url = candidates[0]!;
    try {
      const now = await sha256Hex((await fetchImage(candidates, pageUrl, undefined, "default")).bytes);
      await deps.cache.sources.set(url, now);
      if (now !== hash) await translateImage(request);
    } catch {
      // Gone or unreadable now: the next request downloads it and shows what is wrong.
      await deps.cache.sources.delete(url).catch(() => undefined);
    }
  }

  function cancel(tabId: number, frameId: number, srcUrl: string): void {
    jobs.get(jobKey(tabId, frameId, srcUrl))?.abort.abort();
  }

  return { translateImage, cancel };
}

/** Firefox lets users revoke host permissions; Chrome grants them at install. */
async function mayRead(url: string): Promise<boolean> {
  if (!/^https?:/.test(url)) return true;
  try {
    return await browser.permissions.contains({ origins: [`${new URL(url).origin}/*`] });
  } catch {
    return true;
  }
}
