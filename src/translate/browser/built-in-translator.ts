/**
 * The browser's built-in on-device Translator API (Chrome 138+, `self.Translator`), as a provider the
 * translation service tries before the embedded translator. Feature-detected: where the API is missing
 * the client says it supports nothing and the embedded translator does the work.
 *
 * The API's shape: `Translator.availability({sourceLanguage, targetLanguage})` answers "unavailable",
 * "downloadable", "downloading" or "available"; `Translator.create({..., monitor(m)})` returns a
 * translator with `translate(text, {signal})` and `destroy()`, and the monitor receives
 * `downloadprogress` events with `loaded` from 0 to 1. Creating a translator that needs a download takes a
 * user gesture, so translation never starts one by itself: the extension calls `prepare()` from a click
 * and shows the progress; until the language pack is there, texts go to the embedded translator.
 */
import type { ConcreteSource, TargetLang } from "../languages.ts";
import { type ProviderClient, ProviderError } from "../providers/provider.ts";

export type Availability = "unavailable" | "downloadable" | "downloading" | "available";

export interface BuiltInTranslatorInstance {
  translate(input: string, options?: { signal?: AbortSignal }): Promise<string>;
  destroy?(): void;
}

export interface BuiltInTranslatorApi {
  availability(options: { sourceLanguage: string; targetLanguage: string }): Promise<Availability>;
  create(options: {
    sourceLanguage: string;
    targetLanguage: string;
    monitor?: (m: EventTarget) => void;
    signal?: AbortSignal;
  }): Promise<BuiltInTranslatorInstance>;
}

/** The page's or worker's Translator API, or undefined where the browser has none. */
export function detectBuiltInTranslator(scope: unknown = globalThis): BuiltInTranslatorApi | undefined {
  const api = (scope as { Translator?: unknown }).Translator;
  if (!api || (typeof api !== "object" && typeof api !== "function")) return undefined;
  const candidate = api as Partial<BuiltInTranslatorApi>;
  return typeof candidate.availability === "function" && typeof candidate.create === "function"
    ? (candidate as BuiltInTranslatorApi)
    : undefined;
}

const TAG: Record<ConcreteSource | TargetLang, string> = {
  zh: "zh",
  "zh-CN": "zh",
  "zh-TW": "zh-Hant",
  ja: "ja",
  en: "en",
  ko: "ko",
};

export interface BuiltInTranslatorClient extends ProviderClient {
  availability(source: ConcreteSource, target: TargetLang): Promise<Availability>;
  /** Downloads the language pack if needed (call it from a user gesture); progress goes 0 -> 1. */
  prepare(source: ConcreteSource, target: TargetLang, onProgress?: (loaded: number) => void): Promise<void>;
}

export function createBuiltInTranslatorClient(
  api: BuiltInTranslatorApi | undefined = detectBuiltInTranslator(),
): BuiltInTranslatorClient {
  const instances = new Map<string, Promise<BuiltInTranslatorInstance>>();
  const pairKey = (s: ConcreteSource, t: TargetLang) => `${TAG[s]}>${TAG[t]}`;
  const options = (s: ConcreteSource, t: TargetLang) => ({ sourceLanguage: TAG[s], targetLanguage: TAG[t] });

  const create = (source: ConcreteSource, target: TargetLang, onProgress?: (loaded: number) => void) => {
    const key = pairKey(source, target);
    let instance = instances.get(key);
    if (!instance && api) {
      instance = api.create({
        ...options(source, target),
        monitor(m) {
          m.addEventListener("downloadprogress", (event) => {
            const loaded = (event as Event & { loaded?: number }).loaded;
            if (typeof loaded === "number") onProgress?.(Math.max(0, Math.min(1, loaded)));
          });
        },
      });
      // A failed creation (no user gesture, no disk space) must not be remembered.
      instance.catch(() => instances.delete(key));
      instances.set(key, instance);
    }
    return instance;
  };

  return {
    name: "browser",
    maxBatch: 16,
    maxChars: 4000,
    supports: (source, target) => !!api && TAG[source] !== TAG[target],
    async availability(source, target) {
      if (!api) return "unavailable";
      try {
        return await api.availability(options(source, target));
      } catch {
        return "unavailable";
      }
    },
    async prepare(source, target, onProgress) {
      const instance = create(source, target, onProgress);
      if (!instance)
        throw new ProviderError("browser", "this browser has no Translator API", { transient: false });
      await instance;
      onProgress?.(1);
    },
    async translate(texts, source, target, signal) {
      if (!api)
        throw new ProviderError("browser", "this browser has no Translator API", { transient: false });
      let instance = instances.get(pairKey(source, target));
      if (!instance) {
        const state = await this.availability(source, target);
        if (state !== "available")
          throw new ProviderError("browser", `language pack ${pairKey(source, target)} is ${state}`, {
            transient: false,
            code: state,
          });
        instance = create(source, target);
      }
      let translator: BuiltInTranslatorInstance;
      try {
        translator = await instance!;
      } catch (error) {
        throw new ProviderError("browser", `could not create a translator: ${String(error)}`, {
          transient: false,
        });
      }
      const out: string[] = [];
      for (const text of texts) {
        try {
          out.push(await translator.translate(text, { signal }));
        } catch (error) {
          if (signal.aborted) throw signal.reason ?? error;
          throw new ProviderError("browser", `translate failed: ${String(error)}`, { transient: false });
        }
      }
      return out;
    },
  };
}
