import { beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedData } from "../../src/translate/embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { englishToHangul } from "../../src/translate/embedded/transfer/english-hangul.ts";
import { kanaToHangul } from "../../src/translate/embedded/transfer/kana-hangul.ts";
import { loadEmbeddedDataFromDisk } from "../../src/translate/node/load-embedded-data.ts";
import type { SourceLang, Translator } from "../../src/translate/port.ts";
import enSyllables from "../../src/translate/resources/transfer/en-hangul-syllables.json" with {
  type: "json",
};
import kanaContexts from "../../src/translate/resources/transfer/kana-hangul-contexts.json" with {
  type: "json",
};

/**
 * The word-level transfer, each behaviour from its table of examples: what a line no glossary phrase
 * covers comes out as (plain Korean, never the source script, never mixed).
 */
let data: EmbeddedData;
let translator: Translator;
beforeAll(async () => {
  data = await loadEmbeddedDataFromDisk();
  translator = createEmbeddedTranslator({ data });
});

const ko = async (text: string, from: SourceLang) => {
  const [r] = await translator.translateBatch([text], from, "ko");
  return r!;
};

describe("kana through the kana table (resources/transfer/kana-hangul.tsv and its contexts)", () => {
  it.each(kanaContexts.examples.map((e) => [e.ja, e.ko] as const))("%s -> %s", (kana, hangul) => {
    expect(kanaToHangul(kana, data.transfer!.kana)).toBe(hangul);
  });
});

describe("English spelling to Hangul (resources/transfer/en-hangul.tsv and en-hangul-syllables.json)", () => {
  it.each(enSyllables.examples.map((e) => [e.en, e.ko, e.note] as const))(
    "%s -> %s (%s)",
    (english, hangul) => {
      expect(englishToHangul(english, data.transfer!.englishHangul)).toBe(hangul);
    },
  );
});

describe("Chinese aspect particles (resources/glossary/grammar.tsv)", () => {
  it.each([
    ["意味着传播方式的变化", "의미 전파 방식 변화"], // 着 after a verb is not read as a character
    ["不过", "하지만"], // a word that holds 过 stays a word
    ["过滤网", "필터"],
  ])("%s -> %s", async (text, expected) => {
    expect((await ko(text, "zh")).text).toBe(expected);
  });
});

describe("Chinese words no phrase covers", () => {
  it.each([
    // A Sino-Korean word of the Sino-Xenic table.
    ["锁骨", /쇄골/],
    // Characters that make no word are read together, as a name.
    ["斯格威", /^사격위$/],
    // A name that ends with a place's kind the glossary knows keeps the kind's Korean word (station).
    ["南丰站", /^남풍 역$/],
    ["北京西站", /^베이징 서 역$/],
    // A grammar character is never read as a character (的 is not 적).
    ["这是我的锁骨", /^(?!.*적).*쇄골/],
  ])("%s", async (text, expected) => {
    const r = await ko(text, "zh");
    expect(r.status).toBe("translated");
    expect(r.text).toMatch(expected);
    expect(r.text).not.toMatch(/\p{Script=Han}/u);
    expect(r.origin?.words).toBeGreaterThan(0);
  });
});

describe("classical Chinese the shop vocabulary does not know: read by its sounds (classical-reading.ts)", () => {
  it.each([
    // A sutra in traditional characters: each phrase's characters run together, spaced as the source.
    ["無眼耳鼻舌身意 無色聲香味觸法", "무안이비설신의 무색성향미촉법"],
    // Characters no word of the Sino-Xenic table holds (亦) come from libhangul's character list.
    ["死 亦無老死盡 無苦集滅道", "사 역무노사진 무고집멸도"],
  ])("%s -> %s", async (text, expected) => {
    expect((await ko(text, "zh")).text).toBe(expected);
  });

  it.each([
    // Shop lines in traditional characters, known to the glossary, keep their meaning.
    ["台灣現貨 當日出貨", "대만 재고 당일 발송"],
    ["品質保證 安心選購", "품질 보장 안심 구매"],
    // Simplified Chinese is never read by its sounds.
    ["无眼耳鼻舌身意", /^(?!무안이비설신의$)/],
  ])("%s keeps its meaning", async (text, expected) => {
    const r = (await ko(text, "zh")).text;
    if (typeof expected === "string") expect(r).toBe(expected);
    else expect(r).toMatch(expected);
  });
});

describe("a detail page's marketing verbs (zh-words.tsv): a Korean action, never a character reading", () => {
  it.each([
    // 凸显 once read 철현, 展现 전현, 线条 선조 (a Sino-Korean word with another meaning).
    ["时尚领口优雅好穿，凸显锁骨线条", /쇄골 라인 강조$/],
    ["收腰版型设计，展现你的好身材", /몸매 연출$/],
    ["修饰脸型", /^얼굴형 보정$/],
  ])("%s", async (text, expected) => {
    const r = await ko(text, "zh");
    expect(r.text).toMatch(expected);
    expect(r.text).not.toMatch(/철현|전현|선조|\p{Script=Han}/u);
  });
});

describe("Japanese particles and endings (resources/transfer/ja-grammar.tsv)", () => {
  it.each([
    // を after a word that ends in a vowel is 를; the kanji word is its Sino-Korean reading.
    ["ダンスバトルを", /배틀|바틀/],
    ["学校にも", /학교에도/],
    // に after a person is 에게, with the particle after it too.
    ["先生にも", /^선생님에게도$/],
    ["子供に人気", /^아이에게 인기$/],
  ])("%s", async (text, expected) => {
    const r = await ko(text, "ja");
    expect(r.text).toMatch(expected);
    expect(r.text).not.toMatch(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u);
  });
});

describe("Japanese adjectives in -ku, -kute and before the polite copula (ja-adjective-forms.ts, ja-ko.ts)", () => {
  it.each([
    // -ku before a verb is the adverb (a bieup-irregular adjective takes its bieup back) ...
    ["美しく仕上がります", /^아름답게 /],
    // ... before a comma, the connective of its clause (the kanji alone once read 량하게).
    ["肌触りが良く、通気性", /^감촉이 좋고, 통기성/],
    // -kute joins two qualities.
    ["軽くて丈夫", /^가볍고 튼튼한$/],
    // An adjective before です takes the polite ending itself, not 한입니다.
    ["使いやすく、丈夫です", /편하고, 튼튼합니다$/],
    ["香りが良いです", /^향이 좋습니다$/],
  ])("%s", async (text, expected) => {
    const r = await ko(text, "ja");
    expect(r.text).toMatch(expected);
  });
});

describe("everyday Japanese verbs and food words (ja-phrases.tsv, written by hand)", () => {
  it.each([
    // A verb before its noun is the Korean modifier; its te-form joins the next act.
    ["四季を探す旅", /찾는 여행/],
    ["昨日見た映画", /본/],
    ["パンを作って食べる", /만들어 먹는/],
    // Food words: freshly made, textures, aftertaste.
    ["淹れたてのコーヒー", /^갓 내린 /],
    ["もっちり食感", /^쫀득한/],
    ["後味すっきり", /^뒷맛 깔끔/],
  ])("%s", async (text, expected) => {
    const r = await ko(text, "ja");
    expect(r.text).toMatch(expected);
    expect(r.text).not.toMatch(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u);
  });
});

describe("English words no phrase covers", () => {
  it.each([
    // Everyday words (resources/transfer/en-ko-words.tsv) and function words left out or moved.
    ["Cook meat and eggs", /고기와 달걀/],
    // A capitalised word Korean has is written; a name stays.
    ["AGRICULTURAL BANK", /은행/],
    // ... also when it is the line's only word.
    ["WAIT", /^대기$/],
    ["Anker Power Bank", /^Anker /],
    // A line's first "A" before a word in lower case is the article; before a name or a list it stays.
    ["A short break", /^짧은 휴식$/],
    ["A and B", /^A /],
    ["Size A", /A$/],
    // Words dictionaries know but no Korean word list has are written in Hangul; names, codes stay.
    ["ISLAY SINGLE MALT SCOTCH WHISKY", /스카치|스코치/],
    ["MovieShots Dataset", /^MovieShots \p{Script=Hangul}+$/u],
    ["Jill Carter", /^Jill Carter$/],
    // A capitalised word of the hand-written list is a word, not a name.
    ["Restroom", /^화장실$/],
    // Product words the hand-written list gives over a dictionary gloss's odd Sino-Korean word (bud -> 눈아,
    // products -> 산품, meters -> 평측) or a transliteration (Ships -> 시프스).
    ["Samsung Galaxy Buds", /^삼성 갤럭시 버즈$/],
    ["annotation set", /^주석 세트$/],
    ["Ships", /^발송$/],
    ["Sensitive", /^민감한$/],
    ["10 meters", /미터/],
    ["receipt", /^영수증$/],
    ["hidden", /^숨겨진$/],
    ["49% vol.", /vol/],
  ])("%s", async (text, expected) => {
    const r = await ko(text, "en");
    expect(r.text).toMatch(expected);
  });
});

describe("what it still keeps", () => {
  it("a script it cannot read is kept, never half-written", async () => {
    expect((await ko("สวัสดีครับ", "zh")).status).toBe("kept");
  });
});
