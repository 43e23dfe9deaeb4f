/**
 * DeepL API: POST {base}/v2/translate with `Authorization: DeepL-Auth-Key <key>`, a JSON body
 * `{text: [...], source_lang, target_lang}` (up to 50 texts), and the answer
 * `{translations: [{detected_source_language, text}]}` in the same order. Free keys end in ":fx" and use
 * api-free.deepl.com. 429 is "too many requests", 456 "quota exceeded" (not transient: it lasts until the
 * quota resets), 5xx temporary errors; error bodies are `{message}`.
 */
import type { ConcreteSource, TargetLang } from "../languages.ts";
import { type Fetch, isRecord, type ProviderClient, ProviderError, postJson } from "./provider.ts";

export interface DeeplOptions {
  authKey: string;
  baseUrl?: string;
  fetch: Fetch;
}

const SOURCE: Record<ConcreteSource, string> = { zh: "ZH", "zh-TW": "ZH", ja: "JA", en: "EN" };
const TARGET: Record<TargetLang, string> = {
  ko: "KO",
  en: "EN-US",
  ja: "JA",
  "zh-CN": "ZH-HANS",
  "zh-TW": "ZH-HANT",
};

export function deeplBaseUrl(authKey: string): string {
  return authKey.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com";
}

export function createDeeplClient(options: DeeplOptions): ProviderClient {
  const url = `${(options.baseUrl ?? deeplBaseUrl(options.authKey)).replace(/\/+$/, "")}/v2/translate`;
  return {
    name: "deepl",
    maxBatch: 50,
    maxChars: 100_000,
    supports: (source, target) =>
      !(SOURCE[source] === "ZH" && target.startsWith("zh")) && !(source === target),
    async translate(texts, source, target, signal) {
      const body = await postJson(
        "deepl",
        options.fetch,
        url,
        {
          headers: { authorization: `DeepL-Auth-Key ${options.authKey}` },
          body: { text: texts, source_lang: SOURCE[source], target_lang: TARGET[target] },
          signal,
        },
        (status, err) => ({
          message: isRecord(err) && typeof err.message === "string" ? err.message : undefined,
          code: status === 456 ? "quota_exceeded" : undefined,
          transient: status === 456 ? false : undefined,
        }),
      );
      const translations = isRecord(body) && Array.isArray(body.translations) ? body.translations : undefined;
      const out = translations?.map((t) => (isRecord(t) && typeof t.text === "string" ? t.text : undefined));
      if (!out || out.length !== texts.length || out.some((t) => t === undefined))
        throw new ProviderError("deepl", "answer does not hold one translation per text", {
          transient: false,
        });
      return out as string[];
    },
  };
}
