/**
 * Fetches an image's bytes in the background, with the extension's host permission (a content script's
 * fetch is not exempt from CORS, and a canvas of a cross-origin image is tainted). CDNs that check the
 * Referer get the page's URL through a short-lived declarativeNetRequest session rule. Caps: the spec's
 * 20 MB and 8192 × 8192; only JPEG, PNG and WebP are translated.
 */
import { browser } from "wxt/browser";
import { readImageHeader } from "../engine/image-header.ts";

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 8192;

export class ImageFetchError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

let nextRuleId = 1000;

/** Sets Referer for requests of the extension (no tab) to `host`, for the duration of `work`. */
async function withReferer<T>(url: string, pageUrl: string, work: () => Promise<T>): Promise<T> {
  const dnr = (browser as unknown as { declarativeNetRequest?: typeof browser.declarativeNetRequest })
    .declarativeNetRequest;
  const host = new URL(url).hostname;
  if (!dnr || !host || !/^https?:/.test(pageUrl)) return work();
  const id = nextRuleId++;
  if (nextRuleId > 900_000) nextRuleId = 1000;
  try {
    await dnr.updateSessionRules({
      removeRuleIds: [id],
      addRules: [
        {
          id,
          priority: 1,
          action: {
            type: "modifyHeaders" as never,
            requestHeaders: [{ header: "referer", operation: "set" as never, value: pageUrl }],
          },
          condition: {
            requestDomains: [host],
            tabIds: [-1],
            resourceTypes: ["xmlhttprequest" as never],
          },
        },
      ],
    });
  } catch {
    return work();
  }
  try {
    return await work();
  } finally {
    await dnr.updateSessionRules({ removeRuleIds: [id] }).catch(() => undefined);
  }
}

async function readCapped(response: Response): Promise<ArrayBuffer> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_IMAGE_BYTES)
    throw new ImageFetchError("IMAGE_TOO_LARGE", "over 20 MB", `${(declared / 1048576).toFixed(1)} MB`);
  const reader = response.body?.getReader();
  if (!reader) return response.arrayBuffer();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_IMAGE_BYTES) {
      await reader.cancel();
      throw new ImageFetchError("IMAGE_TOO_LARGE", "over 20 MB", "over 20 MB");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out.buffer;
}

/**
 * Checks the header: a translatable format within 8192 × 8192. The engine's header reader throws the
 * spec's codes; each keeps its own words for the shopper (too large, format, unreadable).
 */
export function checkImage(bytes: ArrayBuffer): void {
  try {
    readImageHeader(new Uint8Array(bytes));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === "IMAGE_TOO_LARGE") {
      const size = message.match(/(\d+)x(\d+) pixels/);
      throw new ImageFetchError(
        code,
        message,
        size
          ? `${size[1]} × ${size[2]} pixels, the limit is ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE}`
          : undefined,
      );
    }
    if (code === "UNSUPPORTED_IMAGE_FORMAT") throw new ImageFetchError(code, message, message.split(" ")[0]);
    throw new ImageFetchError("INVALID_IMAGE", message);
  }
}

/** Tries the candidates in order; the first that gives a valid image wins. */
export async function fetchImage(
  candidates: readonly string[],
  pageUrl: string,
  signal?: AbortSignal,
  /** force-cache: any copy the browser holds will do; default: a stale copy is revalidated first. */
  cache: RequestCache = "force-cache",
): Promise<{ url: string; bytes: ArrayBuffer }> {
  let lastError: ImageFetchError = new ImageFetchError("NETWORK_ERROR", "no candidate URL");
  let tooLarge: ImageFetchError | undefined;
  for (const url of candidates) {
    signal?.throwIfAborted();
    try {
      const bytes = await withReferer(url, pageUrl, async () => {
        const response = await fetch(url, { signal, credentials: "include", cache });
        if (!response.ok) throw new ImageFetchError("NETWORK_ERROR", `HTTP ${response.status} from ${url}`);
        return readCapped(response);
      });
      checkImage(bytes);
      return { url, bytes };
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError =
        error instanceof ImageFetchError ? error : new ImageFetchError("NETWORK_ERROR", String(error));
      // A full-size original over the caps falls back to the picture the page shows; if every candidate
      // is too large, that is what the shopper is told.
      if (lastError.code === "IMAGE_TOO_LARGE") tooLarge ??= lastError;
    }
  }
  throw tooLarge ?? lastError;
}
