/**
 * Simplified and traditional Chinese, through OpenCC's dictionaries (opencc-js, MIT and Apache-2.0). The
 * glossary is written in simplified Chinese: traditional input is read through it, and traditional output
 * is written from it with Taiwan's own phrasing (software as Taiwan writes it, not as the mainland does).
 *
 * The converters are built on first use (about 0.3 s): a Japanese-only session never pays for them.
 */
import * as OpenCC from "opencc-js";
import regions from "../resources/zh-same-in-both-regions.json" with { type: "json" };

type Convert = (text: string) => string;
let toSimplifiedFn: Convert | undefined;
let toTaiwanFn: Convert | undefined;

/** Words of Taiwan's phrasing that mainland text writes the same way with another sense: kept as written. */
const SAME_IN_BOTH_REGIONS = regions.sameInBothRegions;

export function toSimplified(text: string): string {
  // "twp" also undoes Taiwan phrasing (network, software), which the glossary is written in. Hong
  // Kong's character variants are read in the same pass: one trie of both regions' reverse
  // dictionaries. Within a group the first dictionary decides (opencc-js loads a group in reverse), so the
  // words kept as written come first.
  const { from, to } = OpenCC.Locale;
  toSimplifiedFn ??= OpenCC.ConverterFactory(
    [
      SAME_IN_BOTH_REGIONS.map((word): [string, string] => [word, word]),
      ...(from.hk?.[0] ?? []),
      ...(from.twp?.[0] ?? []),
    ],
    ...(to.cn ?? []),
  );
  return toSimplifiedFn(text);
}

export function toTaiwan(text: string): string {
  toTaiwanFn ??= OpenCC.Converter({ from: "cn", to: "twp" });
  return toTaiwanFn(text);
}

const traditionalCharacter = new Map<string, boolean>();

/**
 * True when a text has a character that only traditional writing uses (price, transport, now). Decided
 * character by character, so that Taiwan's phrasing, which the simplifying pass also undoes in simplified
 * text (document), does not make a mainland text look traditional.
 */
export function hasTraditionalCharacters(text: string): boolean {
  for (const c of text) {
    if (!/\p{Script=Han}/u.test(c)) continue;
    let traditional = traditionalCharacter.get(c);
    if (traditional === undefined) {
      traditional = toSimplified(c) !== c;
      traditionalCharacter.set(c, traditional);
    }
    if (traditional) return true;
  }
  return false;
}
