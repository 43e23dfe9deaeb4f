import { beforeAll, describe, expect, it } from "vitest";
import {
  type Availability,
  type BuiltInTranslatorApi,
  createBuiltInTranslatorClient,
  detectBuiltInTranslator,
} from "../../src/translate/browser/built-in-translator.ts";
import {
  createBrowserTranslator,
  loadEmbeddedDataFromUrl,
} from "../../src/translate/browser/create-browser-translator.ts";
import type { EmbeddedData } from "../../src/translate/embedded/embedded-data.ts";
import { ProviderError } from "../../src/translate/providers/provider.ts";
import { embeddedData } from "./support.ts";

/**
 * A fake of the browser's Translator API with its documented shape: availability() per language pair,
 * create() with a monitor that receives `downloadprogress` events, translate() and destroy().
 */
function fakeApi(states: Record<string, Availability>, options: { needsGesture?: boolean } = {}) {
  const calls: string[] = [];
  const api: BuiltInTranslatorApi = {
    async availability({ sourceLanguage, targetLanguage }) {
      calls.push(`availability ${sourceLanguage}>${targetLanguage}`);
      return states[`${sourceLanguage}>${targetLanguage}`] ?? "unavailable";
    },
    async create({ sourceLanguage, targetLanguage, monitor }) {
      const key = `${sourceLanguage}>${targetLanguage}`;
      calls.push(`create ${key}`);
      if (states[key] === "unavailable" || !states[key])
        throw new DOMException("Unsupported pair", "NotSupportedError");
      if (states[key] !== "available") {
        if (options.needsGesture) throw new DOMException("Requires a user gesture", "NotAllowedError");
        const target = new EventTarget();
        monitor?.(target);
        for (const loaded of [0, 0.5, 1]) {
          const event = new Event("downloadprogress") as Event & { loaded: number };
          event.loaded = loaded;
          target.dispatchEvent(event);
        }
        states[key] = "available";
      }
      return {
        async translate(text: string) {
          calls.push(`translate ${text}`);
          return `번역 ${[...text].length}자`;
        },
        destroy() {},
      };
    },
  };
  return { api, calls };
}

let data: EmbeddedData;
beforeAll(async () => {
  data = await embeddedData();
});

describe("the built-in Translator API adapter", () => {
  it("is feature-detected: no API, no support", () => {
    expect(detectBuiltInTranslator({})).toBeUndefined();
    expect(detectBuiltInTranslator({ Translator: { availability: 1 } })).toBeUndefined();
    const { api } = fakeApi({});
    expect(detectBuiltInTranslator({ Translator: api })).toBe(api);
    expect(createBuiltInTranslatorClient(undefined).supports("zh", "ko")).toBe(false);
  });

  it("translates with an available language pack, mapping language tags", async () => {
    const { api, calls } = fakeApi({ "ja>ko": "available", "zh-Hant>en": "available" });
    const client = createBuiltInTranslatorClient(api);
    expect(await client.translate(["送料無料"], "ja", "ko", AbortSignal.timeout(1000))).toEqual(["번역 4자"]);
    await client.translate(["免運"], "zh-TW", "en", AbortSignal.timeout(1000));
    expect(calls).toContain("create zh-Hant>en");
  });

  it("never starts a download by itself: a downloadable pair is refused until prepare()", async () => {
    const { api, calls } = fakeApi({ "zh>ko": "downloadable" });
    const client = createBuiltInTranslatorClient(api);
    const error = await client
      .translate(["包邮"], "zh", "ko", AbortSignal.timeout(1000))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).options.code).toBe("downloadable");
    expect(calls.some((c) => c.startsWith("create"))).toBe(false);

    const progress: number[] = [];
    await client.prepare("zh", "ko", (p) => progress.push(p));
    expect(progress).toEqual([0, 0.5, 1, 1]);
    expect(await client.availability("zh", "ko")).toBe("available");
    expect(await client.translate(["包邮"], "zh", "ko", AbortSignal.timeout(1000))).toEqual(["번역 2자"]);
  });

  it("forgets a failed creation so a later user gesture can try again", async () => {
    const { api } = fakeApi({ "zh>ko": "downloadable" }, { needsGesture: true });
    const client = createBuiltInTranslatorClient(api);
    await expect(client.prepare("zh", "ko")).rejects.toThrow(/user gesture/);
    await expect(client.prepare("zh", "ko")).rejects.toThrow(/user gesture/);
  });
});

describe("the browser translator", () => {
  it("tries the built-in API first and the embedded translator for pairs it lacks", async () => {
    const { api } = fakeApi({ "ja>ko": "available", "zh>ko": "downloadable" });
    const translator = createBrowserTranslator({ data, api });
    const [ja] = await translator.translateBatch(["送料無料"], "ja", "ko");
    const [zh] = await translator.translateBatch(["全国包邮"], "zh", "ko");
    expect(ja).toMatchObject({ provider: "browser", text: "번역 4자" });
    expect(zh).toMatchObject({ provider: "embedded", text: "전국 무료배송" });
  });

  it("works in a browser without the API", async () => {
    const translator = createBrowserTranslator({ data, api: undefined });
    const [r] = await translator.translateBatch(["送料無料"], "ja", "ko");
    expect(r).toMatchObject({ provider: "embedded", text: "무료배송" });
  });

  it("loads the data files over fetch from the extension's own URL", async () => {
    const requested: string[] = [];
    const files = new Map<string, string>([
      ["dict-zh-en.tsv", "鹦鹉\tparrot\n"],
      ["dict-ja-en.tsv", ""],
      ["dict-cjk.tsv", ""],
    ]);
    const fakeFetch = (async (url: string) => {
      requested.push(url);
      const name = url.replace("chrome-extension://abc/translate/", "");
      return new Response(
        files.get(name) ?? (name.startsWith("glossary/") ? "包邮\t送料無料\tFree Shipping\t무료배송\n" : ""),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const loaded = await loadEmbeddedDataFromUrl("chrome-extension://abc/translate", fakeFetch);
    expect(requested).toContain("chrome-extension://abc/translate/dict-cjk.tsv");
    expect(loaded.lexicons.zh.entries.get("包邮")?.out.ko).toBe("무료배송");
    expect(loaded.lexicons.zh.entries.get("鹦鹉")?.out.en).toBe("parrot");
  });
});
