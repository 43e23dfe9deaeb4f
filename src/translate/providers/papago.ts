/**
 * Papago Text Translation (NAVER Cloud Platform): POST {base}/nmt/v1/translation with the application's
 * client id and secret in `x-ncp-apigw-api-key-id` / `x-ncp-apigw-api-key`, a JSON body
 * `{source, target, text}`, and the answer `{message: {result: {translatedText, srcLangType, tarLangType}}}`.
 * Errors come as `{error: {errorCode, message}}` (N2MT01..N2MT10 for the translation itself, gateway codes
 * such as 200 "Authentication Failed" otherwise); 429 means the quota or rate was exceeded.
 * One text per request: the service sends a batch as parallel requests.
 */
import type { ConcreteSource, TargetLang } from "../languages.ts";
import { type Fetch, isRecord, type ProviderClient, ProviderError, postJson } from "./provider.ts";

export interface PapagoOptions {
  clientId: string;
  clientSecret: string;
  baseUrl?: string;
  fetch: Fetch;
}

export const PAPAGO_BASE_URL = "https://papago.apigw.ntruss.com";

const LANG: Record<ConcreteSource | TargetLang, string> = {
  zh: "zh-CN",
  "zh-CN": "zh-CN",
  "zh-TW": "zh-TW",
  ja: "ja",
  en: "en",
  ko: "ko",
};

// Papago pairs: Korean with every language here, English with ja and zh, Japanese with zh, zh-CN with zh-TW.
const PAIRS = new Set(
  ["ko", "en", "ja", "zh-CN", "zh-TW"].flatMap((a) =>
    ["ko", "en", "ja", "zh-CN", "zh-TW"].map((b) => `${a}>${b}`),
  ),
);

export function createPapagoClient(options: PapagoOptions): ProviderClient {
  const url = `${(options.baseUrl ?? PAPAGO_BASE_URL).replace(/\/+$/, "")}/nmt/v1/translation`;
  return {
    name: "papago",
    maxBatch: 1,
    maxChars: 5000,
    supports: (source, target) =>
      LANG[source] !== LANG[target] && PAIRS.has(`${LANG[source]}>${LANG[target]}`),
    async translate(texts, source, target, signal) {
      const out: string[] = [];
      for (const text of texts) {
        const body = await postJson(
          "papago",
          options.fetch,
          url,
          {
            headers: {
              "x-ncp-apigw-api-key-id": options.clientId,
              "x-ncp-apigw-api-key": options.clientSecret,
            },
            body: { source: LANG[source], target: LANG[target], text },
            signal,
          },
          (_status, err) => {
            const e = isRecord(err) && isRecord(err.error) ? err.error : undefined;
            const code = typeof e?.errorCode === "string" ? e.errorCode : undefined;
            // N2MT08 ("text is too long") and the other N2MT codes are about the request, never transient.
            return {
              code,
              message: typeof e?.message === "string" ? e.message : undefined,
              transient: code?.startsWith("N2MT") ? false : undefined,
            };
          },
        );
        const result =
          isRecord(body) && isRecord(body.message) && isRecord(body.message.result)
            ? body.message.result
            : undefined;
        if (typeof result?.translatedText !== "string")
          throw new ProviderError("papago", "answer has no message.result.translatedText", {
            transient: false,
          });
        out.push(result.translatedText);
      }
      return out;
    },
  };
}
