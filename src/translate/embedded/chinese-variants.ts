/**
 * Simplified and traditional Chinese, through OpenCC's dictionaries (opencc-js, MIT and Apache-2.0). The
 * glossary is written in simplified Chinese: traditional input is read through it, and traditional output
 * is written from it with Taiwan's own phrasing (軟體, not 軟件).
 *
 * The converters are built on first use (about 0.3 s): a Japanese-only session never pays for them.
 */
import * as OpenCC from "opencc-js";

type Convert = (text: string) => string;
let toSimplifiedFn: Convert | undefined;
let toTaiwanFn: Convert | undefined;

/**
 * Words of Taiwan's phrasing that mainland text writes the same way with another sense, mostly outside
 * computing: Taiwan's phrase table reads them as its computing terms (文件 -> 文档, 程序 -> 进程, 核心 ->
 * 内核, 批次 -> 批量, 防毒 -> 杀毒, 桌布 -> 壁纸), which made 常规程序, 核心技术 or 防毒面具 unreadable and a
 * tablecloth wallpaper. Read as they are written, in either script.
 */
const SAME_IN_BOTH_REGIONS = [
  "文件",
  "程序",
  "行程",
  "核心",
  "桌布",
  "物件",
  "遮蔽",
  "序列",
  "批次",
  "停用",
  "呼叫",
  "防毒",
  "建立",
  "社群",
  "重新整理",
];

export function toSimplified(text: string): string {
  // "twp" also undoes Taiwan phrasing (網路 -> 网络, 軟體 -> 软件), which the glossary is written in. Hong
  // Kong's character variants (衞生, 綫) are read in the same pass: one trie of both regions' reverse
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
 * True when a text has a character that only traditional writing uses (價, 運, 現). Decided character by
 * character, so that Taiwan's phrasing, which the simplifying pass also undoes in simplified text (文件
 * -> 文档), does not make a mainland text look traditional.
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
