/**
 * Writes segmented tokens in the target language: each token's words, in the order the target wants
 * (word-order.ts, with the pair's grammar), the target's spacing (Korean and English separate words,
 * Chinese and Japanese do not), its punctuation, the Korean particle forms, and English singular or
 * plural after a number. Language-neutral: what a pair writes differently comes through its grammar.
 */
import type { PairGrammar } from "./grammar.ts";
import { pickParticle } from "./hangul.ts";
import { KOREAN, KOREAN_WORDS } from "./korean-words.ts";
import { writeKorean } from "./korean-writing.ts";
import type { Family, OutLang } from "./lexicon.ts";
import { CLOSING, INFIX, OPENING, punctuationIn } from "./punctuation.ts";
import type { Piece, Token } from "./tokens.ts";
import { reorder } from "./word-order.ts";

/** The text a token writes in the output language, or undefined when it has none. */
function tokenText(token: Token, lang: OutLang, family: Family): string | undefined {
  switch (token.kind) {
    case "lex":
      return token.entry?.out[lang];
    case "rule":
    case "number":
      return token.rule?.render(lang);
    case "latin":
      return token.src;
    case "space":
      return token.src.includes("\n") ? "\n" : " ";
    case "punct":
      return punctuationIn(token.src, lang, family);
    case "unknown":
      return undefined;
  }
}

/** Writes the tokens, or returns undefined when one of them has nothing to write in the target. */
export function assemble(
  tokens: Token[],
  family: Family,
  lang: OutLang,
  grammar: PairGrammar,
): string | undefined {
  const pieces: Piece[] = [];
  const [ordered, moved] = reorder(tokens, grammar, lang);
  for (let i = 0; i < ordered.length; i++) {
    const token = ordered[i]!;
    let text = tokenText(token, lang, family);
    if (text === undefined) return undefined;
    // A circumfix verb that found no object is written whole.
    text = text.replace(" … ", " ");
    if (lang === "ko") text = placeParticle(token, text, moved, pieces);
    // "40 Hours": Korean, Japanese and Chinese write a number and its unit together.
    if (
      token.kind === "space" &&
      lang !== "en" &&
      ordered[i - 1]?.number !== undefined &&
      ordered[i + 1]?.pos === "cl"
    )
      text = "";
    if (lang === "ko" && grammar.tokenText) text = grammar.tokenText(token, text, ordered, i, pieces);
    if (token.kind === "lex" && token.pos === "cl" && lang === "en") {
      // English after a number: "1 day" but "3 days".
      const slash = text.indexOf("/");
      if (slash > 0) {
        const prevNumber = [...pieces].reverse().find((p) => p.token.kind !== "space")?.token.number;
        text = prevNumber === 1 ? text.slice(0, slash) : text.slice(slash + 1);
      }
    }
    // A lone "~" is a tilde (22.5cm~25cm), not a glue mark.
    const glueBefore = text.startsWith("~") && text.length > 1;
    const glueAfter = text.endsWith("~") && text.length > 1;
    if (text.length > 1) text = text.replace(/^~/, "").replace(/~$/, "");
    if (lang === "ko") text = koreanParticle(token, text, glueBefore, pieces);
    pieces.push({ text, token, glueBefore, glueAfter });
  }

  grammar.pieces?.(pieces);
  if (lang === "ko") writeKorean(pieces);

  let out = "";
  let prev: Piece | undefined;
  for (const piece of pieces) {
    if (piece.text === "") continue;
    if (prev) out += separator(prev, piece, lang);
    out += piece.text;
    prev = piece;
  }
  return tidy(out, lang);
}

/**
 * A verb written after what it is for ("~at" + verb) that took no object has nothing to take the
 * particle; suited to a person takes the particle for people, to a thing the one for places.
 */
function placeParticle(token: Token, text: string, moved: Set<Token>, pieces: Piece[]): string {
  const at = KOREAN_WORDS.at;
  if (token.pos === "v" && !moved.has(token) && text.startsWith(at)) text = text.slice(at.length);
  const person = KOREAN.person.test(pieces.at(-1)?.text ?? "");
  if (text.startsWith(at) && person) text = `${KOREAN_WORDS.toPerson}${text.slice(at.length)}`;
  // ... and so does a place particle with another after it (to the teacher too).
  else if (person) text = text.replace(KOREAN.placeWithParticle, KOREAN_WORDS.toPersonStem);
  return text;
}

/** The particle forms Korean picks from the word before, and the particles that would say nothing. */
function koreanParticle(token: Token, text: string, glueBefore: boolean, pieces: Piece[]): string {
  const before = pieces.at(-1);
  // The Korean word is already a modifier, so the Japanese adjective ending adds nothing.
  if (token.pos === "p" && text === KOREAN_WORDS.modifierNa && KOREAN.modifierBefore.test(before?.text ?? ""))
    return "";
  // The place already says its particle.
  if (token.src === "" && KOREAN.placeParticle.test(text) && KOREAN.placeEnd.test(before?.text ?? ""))
    return "";
  // A particle that would glue to nothing (a phrase that starts with "for") is left out, never written bare.
  if (
    glueBefore &&
    token.pos === "p" &&
    (!before || before.token.kind === "space" || before.token.kind === "punct")
  )
    return "";
  if (text.includes("/") && (token.pos === "p" || glueBefore)) return pickParticle(before?.text ?? "", text);
  return text;
}

function separator(prev: Piece, cur: Piece, lang: OutLang): string {
  if (prev.token.kind === "space" || cur.token.kind === "space") return "";
  if (prev.glueAfter || cur.glueBefore) return "";
  if (CLOSING.test(cur.text) || OPENING.test(prev.text)) {
    // "Hurry!" and "(tax incl.)": punctuation hugs its word; a comma still wants a space after it.
    return "";
  }
  const spaced = lang === "ko" || lang === "en";
  // Slashes and multiplication signs join what they separate: black/white, W30×D20, IH·gas.
  if (INFIX.test(cur.text) || INFIX.test(prev.text)) return "";
  if (
    cur.token.pos === "cl" &&
    (prev.token.kind === "number" ||
      prev.token.number !== undefined ||
      (prev.token.kind === "rule" && /\d$/.test(prev.token.src)))
  )
    return lang === "en" ? " " : "";
  // Korean writes a number and the word counted together (until 15 o'clock, 20 hours, per piece) when
  // the source did; a bound stands apart (10,000 and more).
  if (
    lang === "ko" &&
    prev.token.kind === "number" &&
    cur.token.kind === "lex" &&
    /^[\p{Script=Hangul}]/u.test(cur.text) &&
    !KOREAN.bound.test(cur.text)
  )
    return "";
  if (cur.token.pos === "p" && lang === "ko") return "";
  if (spaced) {
    if (/[,.!?:;]$/.test(prev.text) || !CLOSING.test(cur.text)) return " ";
    return "";
  }
  // Chinese and Japanese: no spaces, except between two Latin words that would otherwise fuse.
  return /[A-Za-z0-9%]$/.test(prev.text) && /^[A-Za-z0-9]/.test(cur.text) ? " " : "";
}

function tidy(text: string, lang: OutLang): string {
  let out = text
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
  if (lang === "ko" || lang === "en") out = out.replace(/ ([,.!?:;)\]])/g, "$1").replace(/([([]) /g, "$1");
  // "for Daily Use" after a word already "for" its use: one "for" is enough.
  if (lang === "ko") out = out.replace(KOREAN.doubleUse, KOREAN_WORDS.use);
  if (lang === "en") out = out.replace(/^[a-z]/, (c) => c.toUpperCase());
  return out;
}
