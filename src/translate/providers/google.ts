/**
 * Google Cloud Translation v3 (Advanced): POST
 * {base}/v3/projects/{project}/locations/{location}:translateText with an OAuth 2.0 bearer token, a JSON
 * body `{contents: [...], sourceLanguageCode, targetLanguageCode, mimeType: "text/plain"}` and the answer
 * `{translations: [{translatedText}]}` in order. Errors are Google's `{error: {code, message, status}}`:
 * RESOURCE_EXHAUSTED (429) and UNAVAILABLE (503) are transient; UNAUTHENTICATED, PERMISSION_DENIED and
 * INVALID_ARGUMENT are not. The token comes from an injected function: a deployment mints it from its
 * service account (or the metadata server) and refreshes it; the client never sees the private key.
 */
import type { ConcreteSource, TargetLang } from "../languages.ts";
import { type Fetch, isRecord, type ProviderClient, ProviderError, postJson } from "./provider.ts";

export interface GoogleOptions {
  projectId: string;
  location?: string;
  getAccessToken: () => Promise<string> | string;
  baseUrl?: string;
  fetch: Fetch;
}

const LANG: Record<ConcreteSource | TargetLang, string> = {
  zh: "zh-CN",
  "zh-CN": "zh-CN",
  "zh-TW": "zh-TW",
  ja: "ja",
  en: "en",
  ko: "ko",
};
const TRANSIENT_STATUS = new Set([
  "RESOURCE_EXHAUSTED",
  "UNAVAILABLE",
  "DEADLINE_EXCEEDED",
  "INTERNAL",
  "ABORTED",
]);

export function createGoogleClient(options: GoogleOptions): ProviderClient {
  const base = (options.baseUrl ?? "https://translation.googleapis.com").replace(/\/+$/, "");
  const url = `${base}/v3/projects/${encodeURIComponent(options.projectId)}/locations/${encodeURIComponent(options.location ?? "global")}:translateText`;
  return {
    name: "google",
    maxBatch: 128,
    maxChars: 25_000,
    supports: (source, target) => LANG[source] !== LANG[target],
    async translate(texts, source, target, signal) {
      let token: string;
      try {
        token = await options.getAccessToken();
      } catch (error) {
        throw new ProviderError(
          "google",
          `no access token: ${error instanceof Error ? error.message : String(error)}`,
          { transient: true },
        );
      }
      const body = await postJson(
        "google",
        options.fetch,
        url,
        {
          headers: { authorization: `Bearer ${token}` },
          body: {
            contents: texts,
            sourceLanguageCode: LANG[source],
            targetLanguageCode: LANG[target],
            mimeType: "text/plain",
          },
          signal,
        },
        (_status, err) => {
          const e = isRecord(err) && isRecord(err.error) ? err.error : undefined;
          const status = typeof e?.status === "string" ? e.status : undefined;
          return {
            code: status,
            message: typeof e?.message === "string" ? e.message : undefined,
            transient: status ? TRANSIENT_STATUS.has(status) : undefined,
          };
        },
      );
      const translations = isRecord(body) && Array.isArray(body.translations) ? body.translations : undefined;
      const out = translations?.map((t) =>
        isRecord(t) && typeof t.translatedText === "string" ? t.translatedText : undefined,
      );
      if (!out || out.length !== texts.length || out.some((t) => t === undefined))
        throw new ProviderError("google", "answer does not hold one translation per text", {
          transient: false,
        });
      return out as string[];
    },
  };
}
