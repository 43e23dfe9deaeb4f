/**
 * A Translator for tests and for the command line until a real one is configured: exact-match lookups in
 * a small dictionary, and optionally a deterministic stand-in for everything else. It implements the same
 * port as the real translators, so the engine cannot tell the difference.
 */
import type { SourceLang, TranslationResult, Translator } from "../../translate/port.ts";

export interface DictionaryTranslatorOptions {
  /** Source text (trimmed, NFKC) to translation, for every target. */
  entries?: Record<string, string>;
  /** Per-target entries, consulted first. */
  byTarget?: Record<string, Record<string, string>>;
  /** What to answer for a text the dictionary lacks; undefined keeps the text. */
  fallback?: (text: string, target: string) => string | undefined;
}

export function createDictionaryTranslator(options: DictionaryTranslatorOptions = {}): Translator {
  const norm = (t: string) => t.normalize("NFKC").replace(/\s+/g, " ").trim();
  const lookup = (text: string, target: string) => {
    const key = norm(text);
    return options.byTarget?.[target]?.[key] ?? options.entries?.[key] ?? options.fallback?.(key, target);
  };
  return {
    name: "dictionary",
    async translateBatch(texts: readonly string[], _source: SourceLang, target: string, context) {
      context?.signal?.throwIfAborted();
      return texts.map((text): TranslationResult => {
        const out = lookup(text, target);
        return out === undefined
          ? { text, status: "kept", provider: "dictionary", reason: "not in the dictionary" }
          : { text: out, status: "translated", provider: "dictionary" };
      });
    },
  };
}

/** Common product-image phrases, Chinese and Japanese to English and Korean. */
export const PRODUCT_PHRASES: Record<string, Record<string, string>> = {
  en: {
    包邮: "Free shipping",
    全场包邮: "Free shipping storewide",
    新品: "New",
    热卖: "Hot sale",
    限时特价: "Limited offer",
    特价: "Special price",
    活动价: "Sale price",
    今日活动价: "Today's price",
    仅限一天: "One day only",
    买一送一: "Buy one get one",
    正品保证: "Genuine guarantee",
    "100%桑蚕丝": "100% mulberry silk",
    很美: "Beautiful",
    很贵: "Pricey",
    终于降价了: "Finally on sale",
    "要买趁早!": "Buy it early!",
    送料無料: "Free shipping",
    新商品: "New item",
    期間限定: "Limited time",
    セール: "Sale",
  },
  ko: {
    包邮: "무료 배송",
    全场包邮: "전 상품 무료 배송",
    新品: "신상품",
    热卖: "인기 상품",
    限时特价: "기간 한정 특가",
    特价: "특가",
    活动价: "행사가",
    仅限一天: "단 하루",
    送料無料: "무료 배송",
    セール: "세일",
  },
};
