import { beforeAll, describe, expect, it } from "vitest";
import { buildEmbeddedData } from "../../src/translate/embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import type { Translator } from "../../src/translate/port.ts";
import { isCoherent } from "../../src/translate/scripts.ts";
import { DEV_SET } from "./dev-set.ts";
import { embedded, one } from "./support.ts";

let translator: Translator;
beforeAll(async () => {
  translator = await embedded();
});

describe("embedded translator on the development set", () => {
  it.each(DEV_SET)("$source -> $target: $text", async ({ text, source, target, expected }) => {
    const result = await one(translator, text, source, target);
    expect(result).toMatchObject({ text: expected, status: "translated", provider: "embedded" });
  });
});

describe("what it cannot translate it keeps, and says why", () => {
  it("translates a sentence with words outside its glossary word by word, and says so in its origin", async () => {
    const result = await one(translator, "这款鹦鹉螺旋桨飞行器", "zh", "ko");
    expect(result.status).toBe("translated");
    expect(result.text).not.toMatch(/\p{Script=Han}/u);
    expect(result.text).toMatch(/앵무/);
    expect(result.origin?.words).toBeGreaterThan(0.5);
    expect(result.origin?.phrases).toBeLessThan(0.5);
  });

  it("says a translation made of known phrases came from phrases", async () => {
    const result = await one(translator, "全国包邮", "zh", "ko");
    expect(result.origin).toEqual({ phrases: 1, words: 0 });
  });

  it("keeps a text in a script it cannot read at all", async () => {
    const result = await one(translator, "สวัสดีครับ", "zh", "ko");
    expect(result.status).toBe("kept");
  });

  it("keeps brand names and model numbers as written inside a translation", async () => {
    const result = await one(translator, "Anker 充电宝 A1289", "zh", "ko");
    expect(result).toMatchObject({ status: "translated", text: "Anker 보조배터리 A1289" });
  });

  it("leaves prices and numbers alone and reports there was nothing to translate", async () => {
    expect(await one(translator, "¥288", "zh", "ko")).toMatchObject({ text: "¥288", status: "kept" });
    expect(await one(translator, "6.01-6.03", "zh", "en")).toMatchObject({
      text: "6.01-6.03",
      status: "kept",
    });
  });

  it("writes 元 in traditional characters as the New Taiwan dollar, or Hong Kong's when the text says so", async () => {
    expect((await one(translator, "特價 199元", "zh", "en")).text).toBe("Special Price NT$199");
    expect((await one(translator, "特价 199元", "zh", "en")).text).toBe("Special Price 199 yuan");
    expect((await one(translator, "滿1000元送100元券", "zh", "ko")).text).toBe(
      "1000대만달러 이상 구매 시 100대만달러 쿠폰 증정",
    );
    expect((await one(translator, "湯圓 99元", "zh", "ko")).text).toBe("탕위안 99대만달러");
    // An amount that has its dollar sign says the currency once, never NT$299위안 or NT$NT$299.
    expect((await one(translator, "售價NT$299元", "zh", "ko")).text).toBe("판매가 NT$299");
    expect((await one(translator, "售價NT$299元", "zh", "en")).text).toBe("Price NT$299");
    expect((await one(translator, "售价NT$299元", "zh", "ko")).text).toBe("판매가 NT$299");
    // 文件夹 is simplified text that Taiwan's phrasing rewrites (文件 -> 文档): still yuan.
    expect((await one(translator, "文件夹 10元", "zh", "ko")).text).toBe("파일 10위안");
  });

  it("never writes Hangul with leftover Chinese characters or kana", async () => {
    const texts = [
      "全国包邮",
      "纯臻营养护发素",
      "だいじょうぶ。未来は元気だよ。",
      "这是一段完全没有意义的文字哦",
      "送料無料キャンペーン中",
    ];
    for (const target of ["ko", "en"] as const) {
      for (const text of texts) {
        const r = await one(translator, text, "auto", target);
        if (r.status === "translated") expect(isCoherent(r.text, target), `${text} -> ${r.text}`).toBe(true);
        else expect(r.text).toBe(text);
      }
    }
  });

  it("answers English words it has no phrase for with the Korean word they share with Japanese", async () => {
    const result = await one(translator, "Cook meat and eggs", "en", "ko");
    expect(result.status).toBe("translated");
    expect(result.text).toMatch(/고기와 달걀/);
    expect(result.origin?.words).toBeGreaterThan(0);
  });
});

describe("bad input gets a clear result, never a crash or a hang", () => {
  it("empty and blank texts are kept", async () => {
    const results = await translator.translateBatch(["", "   ", "\n"], "zh", "ko");
    expect(results.map((r) => r.status)).toEqual(["kept", "kept", "kept"]);
    expect(results.map((r) => r.text)).toEqual(["", "   ", "\n"]);
  });

  it("an unknown target language is kept with the reason", async () => {
    const result = await one(translator, "包邮", "zh", "xx-YY");
    expect(result).toMatchObject({ status: "kept", text: "包邮" });
    expect(result.reason).toMatch(/unsupported target/);
  });

  it("control characters are ignored, not translated or echoed into the output", async () => {
    const result = await one(translator, "包\u0000邮\u0007", "zh", "ko");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none come out
    expect(result.text).not.toMatch(/[\u0000-\u001f]/);
    const clean = await one(translator, "包邮\u200b", "zh", "ko");
    expect(clean).toMatchObject({ status: "translated", text: "무료배송" });
  });

  it("a huge text returns quickly as kept", async () => {
    const huge = "包邮".repeat(200_000);
    const started = performance.now();
    const result = await one(translator, huge, "zh", "ko");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.status).toBe("kept");
    expect(result.reason).toMatch(/longer than/);
  });

  it("a value that is not a string fails that text only", async () => {
    const results = await translator.translateBatch([42 as unknown as string, "包邮"], "zh", "ko");
    expect(results[0]?.status).toBe("failed");
    expect(results[1]).toMatchObject({ status: "translated", text: "무료배송" });
  });

  it("`auto` reads each text's own script", async () => {
    const results = await translator.translateBatch(
      ["送料無料", "全国包邮", "Free Shipping", "12345"],
      "auto",
      "ko",
    );
    expect(results.map((r) => r.text)).toEqual(["무료배송", "전국 무료배송", "무료배송", "12345"]);
  });

  it("rejects when the batch is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      translator.translateBatch(["包邮"], "zh", "ko", { signal: controller.signal }),
    ).rejects.toThrow();
  });
});

describe("the user glossary", () => {
  it("forces a term's translation and keeps listed words untouched", async () => {
    const glossary = { terms: { 面料: "패브릭" }, keep: ["棉花糖"] };
    const [a, b] = await translator.translateBatch(["优质面料", "棉花糖 包邮"], "zh", "ko", { glossary });
    expect(a).toMatchObject({ status: "translated", text: "고급 패브릭" });
    expect(b).toMatchObject({ status: "translated", text: "棉花糖 무료배송" });
  });
});

describe("word order and grammar", () => {
  it("moves a Chinese verb after its object in Korean", async () => {
    expect((await one(translator, "赠送现金券", "zh", "ko")).text).toBe("현금 쿠폰 증정");
  });

  it("picks the Korean particle form after a consonant or a vowel", async () => {
    const data = buildEmbeddedData({
      glossaries: [
        {
          name: "t",
          text: "-\t本\t-\t책\n-\tバッグ\t-\t가방\n-\t時計\t-\t시계\n-\tを\t_\t~을/를\tp\n-\t選ぶ\t-\t고르기\tn\n",
        },
      ],
    });
    const t = createEmbeddedTranslator({ data });
    const texts = ["本を選ぶ", "時計を選ぶ"];
    const results = await t.translateBatch(texts, "ja", "ko");
    expect(results.map((r) => r.text)).toEqual(["책을 고르기", "시계를 고르기"]);
  });
});

describe("language codes from callers outside TypeScript", () => {
  it("accepts the spec's aliases and keeps texts in an unknown source language", async () => {
    const [alias] = await translator.translateBatch(["送料無料"], "japan" as never, "KO");
    expect(alias).toMatchObject({ status: "translated", text: "무료배송" });
    const [unknown] = await translator.translateBatch(["送料無料"], "xx" as never, "ko");
    expect(unknown).toMatchObject({ status: "kept", text: "送料無料" });
    expect(unknown?.reason).toMatch(/unsupported source/);
  });
});

describe("the dictionary fallback never cuts a known word in two", () => {
  it("reads 日本初 as Japan + first, not as 日 + 本初", async () => {
    expect((await one(translator, "日本初", "ja", "ko")).text).toBe("일본 최초");
  });

  it("writes a particle with a shared tail after a vowel or a consonant", async () => {
    expect((await one(translator, "大人のための", "ja", "ko")).text).toBe("어른을 위한");
  });
});
