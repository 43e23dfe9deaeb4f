/**
 * The pairs' grammars, registered by source family and target. A pair not listed keeps the source's
 * word order and writes word by word; adding a pair is a grammar module and a line here.
 */
import ja from "../resources/grammar/ja.json" with { type: "json" };
import type { PairGrammar } from "./grammar.ts";
import type { Family, OutLang } from "./lexicon.ts";
import { englishJapanese, englishKorean } from "./pairs/en-ko.ts";
import { japaneseKorean } from "./pairs/ja-ko.ts";
import { chineseToJapanese, chineseToKorean } from "./pairs/zh-ko/index.ts";

const japaneseToVerbMedial: PairGrammar = { order: "ov-to-vo", objectMarker: ja.objectMarker };
const KEEP: PairGrammar = { order: "keep" };

const GRAMMARS: Partial<Record<`${Family}>${OutLang}`, PairGrammar>> = {
  "zh>ko": chineseToKorean,
  "zh>ja": chineseToJapanese,
  "en>ko": englishKorean,
  "en>ja": englishJapanese,
  "ja>ko": japaneseKorean,
  "ja>zh": japaneseToVerbMedial,
  "ja>en": japaneseToVerbMedial,
};

export function grammarFor(family: Family, lang: OutLang): PairGrammar {
  return GRAMMARS[`${family}>${lang}`] ?? KEEP;
}
