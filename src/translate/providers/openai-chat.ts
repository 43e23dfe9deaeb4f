/**
 * An OpenAI-compatible chat completions endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, ...):
 * POST {base}/chat/completions with `Authorization: Bearer <key>`, `{model, messages, temperature}` and
 * `response_format: {type: "json_object"}`; the answer's `choices[0].message.content` must be a JSON object
 * `{"translations": [...]}` with one string per input. Errors are `{error: {message, type, code}}`: 429
 * `rate_limit_exceeded` is transient, 429 `insufficient_quota` is not.
 */
import type { ConcreteSource, TargetLang } from "../languages.ts";
import { type Fetch, isRecord, type ProviderClient, ProviderError, postJson } from "./provider.ts";

export interface OpenAiChatOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  fetch: Fetch;
  /** Some compatible servers reject response_format; they still follow the instruction. */
  jsonMode?: boolean;
}

const NAMES: Record<ConcreteSource | TargetLang, string> = {
  zh: "Simplified or Traditional Chinese",
  "zh-TW": "Traditional Chinese",
  ja: "Japanese",
  en: "English",
  ko: "Korean",
  "zh-CN": "Simplified Chinese (mainland China)",
};

export function createOpenAiChatClient(options: OpenAiChatOptions): ProviderClient {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name: "openai",
    maxBatch: 40,
    maxChars: 8000,
    supports: (source, target) => NAMES[source] !== NAMES[target],
    async translate(texts, source, target, signal) {
      const system =
        `You translate text read from e-commerce product images from ${NAMES[source]} into ${NAMES[target]}. ` +
        "Write each text as a native online shop in the target market would (badges, prices, promotions, sizes, " +
        "materials). Keep brand names, model numbers, numbers and placeholders like {{G0}} exactly as they are. " +
        'Answer with a JSON object {"translations": [...]} holding one string per input text, in the same order.';
      const body = await postJson(
        "openai",
        options.fetch,
        url,
        {
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          body: {
            model: options.model,
            temperature: 0,
            messages: [
              { role: "system", content: system },
              { role: "user", content: JSON.stringify({ texts }) },
            ],
            ...(options.jsonMode === false ? {} : { response_format: { type: "json_object" } }),
          },
          signal,
        },
        (_status, err) => {
          const e = isRecord(err) && isRecord(err.error) ? err.error : undefined;
          const code =
            typeof e?.code === "string" ? e.code : typeof e?.type === "string" ? e.type : undefined;
          return {
            code,
            message: typeof e?.message === "string" ? e.message : undefined,
            transient: code === "insufficient_quota" ? false : undefined,
          };
        },
      );
      const choice = isRecord(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
      const content = isRecord(choice) && isRecord(choice.message) ? choice.message.content : undefined;
      if (typeof content !== "string")
        throw new ProviderError("openai", "answer has no choices[0].message.content", { transient: false });
      const parsed = parseTranslations(content);
      if (!parsed || parsed.length !== texts.length)
        throw new ProviderError("openai", "the model did not answer one translation per text", {
          transient: false,
        });
      return parsed;
    },
  };
}

/** The model's JSON, tolerating a code fence around it. */
function parseTranslations(content: string): string[] | undefined {
  const json = content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, "");
  try {
    const value: unknown = JSON.parse(json);
    const list = isRecord(value) ? value.translations : value;
    if (!Array.isArray(list) || list.some((t) => typeof t !== "string")) return undefined;
    return list as string[];
  } catch {
    return undefined;
  }
}
