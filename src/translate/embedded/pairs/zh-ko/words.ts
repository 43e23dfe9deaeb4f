/**
 * The Chinese -> Korean grammar's words, read once from resources/grammar/zh-ko.json: the Chinese words
 * and word sets its passes test (SRC, SETS), the tables they look up (MAPS), the Korean shapes they
 * recognize (RE) and the Korean they write (KO).
 */
import data from "../../../resources/grammar/zh-ko.json" with { type: "json" };

type Sets = { [K in keyof typeof data.sets]: ReadonlySet<string> };
type Patterns = { [K in keyof typeof data.patterns]: RegExp };

export const SRC: Readonly<typeof data.src> = data.src;
export const KO: Readonly<typeof data.ko> = data.ko;
export const MAPS: { [K in keyof typeof data.maps]: Readonly<Record<string, string>> } = data.maps;

export const SETS = Object.fromEntries(
  Object.entries(data.sets).map(([name, words]) => [name, new Set(words)]),
) as unknown as Sets;

export const RE = Object.fromEntries(
  Object.entries(data.patterns).map(([name, source]) => [name, new RegExp(source)]),
) as unknown as Patterns;
