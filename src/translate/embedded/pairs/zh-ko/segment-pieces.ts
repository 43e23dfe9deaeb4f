/**
 * Pieces of Chinese that Korean writes as one word and no glossary row lists, offered to segmentation:
 * "without" (or zero) before a noun, and "not" before a quality.
 */
import type { ExtraPiece, SegmentContext } from "../../grammar.ts";
import { isQuality, toNegated } from "../../hangul.ts";
import { KO, MAPS, SRC } from "./words.ts";

export function chinesePieces(context: SegmentContext): ExtraPiece[] {
  const { text, at } = context;
  const ch = text[at] ?? "";
  if ((ch === "0" || ch === SRC.zero || ch === SRC.without) && (ch !== "0" || !/\d/.test(text[at - 1] ?? "")))
    return withoutPrefix(context);
  if (ch === SRC.not && text[at + 1] === SRC.will) return wontHappen(context);
  if (ch === SRC.not) return negatedQuality(context);
  return [];
}

/**
 * "Without" before a noun: Korean writes a Sino-Korean noun with the prefix for "without" and any other
 * as "X none"; 0 and zero read "X 0" then. Never where the prefix starts a word of its own (a snack,
 * wireless).
 */
function withoutPrefix({ text, at, lexicon }: SegmentContext): ExtraPiece[] {
  const n = text.length;
  const out: ExtraPiece[] = [];
  const max = Math.min(lexicon.maxKeyLength, n - at - 1);
  for (let len = max; len >= 1; len--) {
    const end = at + 1 + len;
    const entry = lexicon.entries.get(text.slice(at + 1, end));
    const ko = entry?.out.ko;
    if (!entry || !ko || (entry.pos !== "n" && entry.pos !== "v")) continue;
    if (!/^[\p{Script=Hangul}]{1,5}$/u.test(ko) || ko.startsWith(KO.without)) continue;
    let ownWord = false;
    for (let k = 2; k <= len + 1 && !ownWord; k++)
      if (lexicon.entries.get(text.slice(at, at + k))?.kind === "dict") ownWord = true;
    if (ownWord) continue;
    const sino = lexicon.sinoKorean?.has(ko) ?? false;
    const written = sino ? `${KO.without}${ko}` : text[at] === SRC.without ? `${ko} ${KO.none}` : `${ko} 0`;
    // A verb keeps its verb's place (preservative-free).
    const pos = entry.pos;
    out.push({
      end,
      token: {
        src: text.slice(at, end),
        kind: "lex",
        pos,
        entry: { out: { ko: written }, pos, kind: "dict" },
      },
    });
  }
  return out;
}

/**
 * "Not" + a quality the glossary has: the quality negated, where no row says the pair. Never where "not"
 * starts a dictionary word (different, insufficient, not only).
 */
function negatedQuality({ text, at, lexicon }: SegmentContext): ExtraPiece[] {
  const n = text.length;
  const out: ExtraPiece[] = [];
  for (let k = 2; k <= Math.min(lexicon.maxKeyLength, n - at); k++)
    if (lexicon.entries.get(text.slice(at, at + k))?.kind === "dict") return out;
  const max = Math.min(lexicon.maxKeyLength, n - at - 1);
  for (let len = max; len >= 1; len--) {
    const end = at + 1 + len;
    const src = text.slice(at + 1, end);
    const entry = lexicon.entries.get(src);
    if (!entry || entry.pos === "v" || entry.pos === "p" || entry.pos === "cl") continue;
    const ko = MAPS.predicates[src] ?? entry.out.ko ?? "";
    if (ko.includes(" ") || !isQuality(ko)) continue;
    const written = toNegated(ko);
    if (!written) continue;
    out.push(nounPiece(text.slice(at, end), end, written));
  }
  return out;
}

/**
 * "Will not" + what could happen to the thing (fade, deform, rust): Korean says the happening is absent
 * (fading: none), a quality negated; the words after it are the glossary's.
 */
function wontHappen({ text, at, lexicon }: SegmentContext): ExtraPiece[] {
  const out: ExtraPiece[] = [];
  const max = Math.min(lexicon.maxKeyLength, text.length - at - 2);
  for (let len = max; len >= 1; len--) {
    const end = at + 2 + len;
    const src = text.slice(at + 2, end);
    const entry = lexicon.entries.get(src);
    const ko = MAPS.predicates[src] ?? entry?.out.ko ?? "";
    if (!entry || (entry.pos !== "n" && entry.pos !== "v") || !/^[\p{Script=Hangul}]{1,5}$/u.test(ko))
      continue;
    const written = isQuality(ko) ? toNegated(ko) : `${ko} ${KO.none}`;
    if (!written) continue;
    out.push(nounPiece(text.slice(at, end), end, written));
  }
  return out;
}

/** A piece the segmenter may take: the Chinese from the start to end, written as a noun. */
const nounPiece = (src: string, end: number, ko: string): ExtraPiece => ({
  end,
  token: { src, kind: "lex", pos: "n", entry: { out: { ko }, pos: "n", kind: "dict" } },
});
