/**
 * Chinese -> Korean phrase structure over the tokens, before the verbs move: a place phrase after "at"
 * (and where something is kept), a cause, a result after its act, a place after a verb, the tool an act
 * is done with, "all at once", "the more ... the more", and a count after the noun it counts.
 */
import { isModifierForm, toAdverb, toTheMore } from "../../hangul.ts";
import type { Token } from "../../tokens.ts";
import {
  isAct,
  isPredicate,
  MANNER_VERBS,
  OBJECT_PARTICLE,
  particlePiece,
  phraseEnds,
  withKorean,
} from "./token-helpers.ts";
import { KO, MAPS, RE, SETS, SRC } from "./words.ts";

/**
 * "At" + place (+ a localizer: under, in, inside) is a place phrase, "at" or "in" in Korean ("at" before
 * keeping: kept in a cool place). It becomes the place followed by a glued particle piece that counts as
 * part of an object. Examples of every pass: zh-ko-examples.json.
 */
export function locatives(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (SETS.objectMarkers.has(t.src) && t.kind === "lex" && t.pos === "p") {
      // The object marker before its verb: the object takes its particle.
      let end = i + 1;
      while (out[end]?.kind === "lex" && out[end]?.pos === "n") end++;
      const act = out[end];
      const keeps = act?.kind === "lex" && SETS.keeping.has(act.src) && out[end + 1]?.src === SRC.at;
      if (end > i + 1 && (act?.pos === "v" || keeps)) {
        out.splice(end, 0, OBJECT_PARTICLE);
        out.splice(i, 1);
      }
      continue;
    }
    if (t.src !== SRC.at || t.kind !== "lex" || t.pos !== "p") continue;
    const verb = out[i - 1];
    if (verb?.kind === "lex" && verb.pos === "v" && SETS.keeping.has(verb.src)) {
      // Put in a cool place: put somewhere is kept there, the place before the act.
      let end = i + 1;
      while (out[end]?.kind === "lex" && out[end]?.pos === "n") end++;
      const closes = !out[end] || out[end]?.kind === "space" || out[end]?.kind === "punct";
      if (end === i + 1 || !closes || !verb.entry) continue;
      const place = out.slice(i + 1, end);
      const keep: Token = {
        ...verb,
        pos: "n",
        entry: { ...verb.entry, out: { ...verb.entry.out, ko: KO.keep } },
      };
      out.splice(i - 1, end - i + 1, ...place, particlePiece(KO.at), keep);
      continue;
    }
    let end = i + 1;
    while (
      out[end]?.kind === "lex" &&
      out[end]?.pos === "n" &&
      !SETS.localizers.has(out[end]?.src ?? "") &&
      !SETS.keeping.has(out[end]?.src ?? "") &&
      !isPredicate(out[end])
    )
      end++;
    if (end === i + 1) continue;
    const localizer = SETS.localizers.has(out[end]?.src ?? "") ? 1 : 0;
    const after = out[end + localizer];
    // Dry in an airy place: an act of keeping written as a noun takes its place too.
    if (!after || (after.pos !== "v" && !SETS.keeping.has(after.src))) continue;
    out.splice(end, localizer, particlePiece(SETS.keeping.has(after.src) ? KO.at : KO.atDoing));
    out.splice(i, 1);
  }
}

/**
 * "Because of" + cause: the cause comes first in Korean and closes on "reason" or "problem" (because of
 * the lighting) or on "differs", which says that it varies with it (depending on the monitor). Without
 * such an end in its phrase the word stays as it is.
 */
export function causes(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src !== SRC.because || t.kind !== "lex") continue;
    for (let j = i + 1; j < out.length; j++) {
      const s = out[j]?.src ?? "";
      if (out[j]?.kind === "space" || out[j]?.kind === "punct") break;
      if (RE.causeEnds.test(s)) out.splice(j + 1, 0, particlePiece(KO.because));
      else if (s === SRC.differs) out.splice(j, 1, particlePiece(KO.dependsOn));
      else if (!s.endsWith(SRC.differs)) continue;
      out.splice(i, 1);
      break;
    }
  }
}

/** Rinse clean: the result is how the act is done (cleanly), not a quality of what follows. */
export function resultComplements(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const adverb = MAPS.results[t.src];
    const act = out[i - 1];
    const korean = act?.entry?.out.ko;
    if (!adverb || t.kind !== "lex" || !isAct(act) || !act?.entry || !korean) continue;
    const next = out[i + 1];
    if (next && next.kind !== "space" && next.kind !== "punct") continue;
    // The adverb goes before the act word itself, after whatever else the piece says (rinse cleanly in warm water).
    const words = korean.split(" ");
    const acts = words.findIndex((w) => RE.actWord.test(w));
    const at = acts >= 0 ? acts : words.length - 1;
    words.splice(at, 0, adverb);
    out[i - 1] = { ...act, entry: { ...act.entry, out: { ...act.entry.out, ko: words.join(" ") } } };
    out.splice(i, 1);
  }
}

/** "At" after a verb names where it is done, which Korean says first (use around the eyes). */
export function placesAfterVerbs(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const verb = out[i - 1];
    // A verb of putting into takes its place the same way (put into the pot).
    const into = t.kind === "lex" && t.pos === "v" && RE.putInto.test(t.src) && t.src.length === 2;
    if (!into && (t.src !== SRC.placeAfterVerb || t.kind !== "lex" || !isAct(verb))) continue;
    let end = i + 1;
    // The place may be described ("de") and close on a localizer, which the particle "at" says.
    while (
      out[end]?.kind === "lex" &&
      (out[end]?.pos === "n" || (out[end]?.src === SRC.of && end > i + 1)) &&
      !isPredicate(out[end]) &&
      !SETS.localizers.has(out[end]?.src ?? "")
    )
      end++;
    const localizer = end > i + 1 && SETS.localizers.has(out[end]?.src ?? "") ? 1 : 0;
    const closes =
      !out[end + localizer] ||
      out[end + localizer]?.kind === "space" ||
      out[end + localizer]?.kind === "punct";
    if (end === i + 1 || !closes) continue;
    const place = out.slice(i + 1, end);
    if (into) {
      // The verb stays in front: it takes the place and its particle as its object like any other.
      out.splice(end, localizer, particlePiece(KO.at));
      continue;
    }
    // The verb closes the phrase, so it has nothing after it to take as an object.
    out.splice(i - 1, end + localizer - i + 1, ...place, particlePiece(KO.at), verb as Token);
  }
}

/**
 * "Use" before a thing and an act is what the act is done with (rinse with water), not a second act
 * (use); "adopt" or "select" a material before an act of making is what it is made of (made of quality
 * fabric: sets madeWith, madeActs).
 */
export function instruments(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    const made = SETS.madeWith.has(t.src);
    if ((t.src !== SRC.use && !made) || t.kind !== "lex" || (t.pos !== "v" && !made)) continue;
    const making = (at: number) => made && SETS.madeActs.has(out[at]?.src ?? "");
    let end = i + 1;
    while (
      out[end]?.kind === "lex" &&
      out[end]?.pos === "n" &&
      !isAct(out[end]) &&
      !closingAct(out, end) &&
      !making(end)
    )
      end++;
    const act = out[end];
    if (made ? end === i + 1 || !making(end) : !isAct(act) && !closingAct(out, end)) continue;
    const said =
      end === i + 1 &&
      RE.saidWithTool.test(act?.entry?.out.ko ?? "") &&
      RE.withTool.test(act?.entry?.out.ko ?? "");
    if (end === i + 1 && !said) continue;
    if (end > i + 1) out.splice(end, 0, particlePiece(KO.with));
    // "Selected" is said of the material (selected cotton, woven); "use" is the particle alone.
    if (t.pos === "v") out.splice(i, 1);
  }
}

/**
 * "Have" opening a phrase of nouns says there is the thing: Korean names the thing first and "there is"
 * after it (gifts: there are), and leaves it out where the phrase already ends on "can be chosen".
 */
export function haveAtStart(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src !== SRC.have || t.kind !== "lex" || (i > 0 && !phraseEnds(out[i - 1]))) continue;
    let end = i + 1;
    while (out[end]?.kind === "lex" && out[end]?.pos === "n" && !isAct(out[end])) end++;
    if (end === i + 1 || end > i + 4 || !phraseEnds(out[end])) continue;
    const said = RE.haveSaid.test(out[end - 1]?.entry?.out.ko ?? "");
    // Two nouns or more may be a condition and what follows it (a quality problem: refund), so only one
    // thing takes "there is" after it.
    if (!said && end > i + 2) continue;
    out.splice(i, 1);
    if (!said) out.splice(end - 1, 0, t);
  }
}

/** "Once" before an act is all at once (fill it all at once), not one time. */
export function onceBeforeActs(out: Token[]): void {
  for (let i = 0; i + 1 < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind === "lex" && t.src === SRC.once && out[i + 1]?.pos === "v") out[i] = withKorean(t, KO.atOnce);
  }
}

/**
 * "The more ... the more": the more one does the act, the more the quality (the more it is used, the
 * brighter). "More and more" is a glossary row.
 */
export function theMore(out: Token[]): void {
  for (let i = 0; i + 3 < out.length; i++) {
    if (out[i]?.src !== SRC.theMore || out[i]?.kind !== "lex") continue;
    const second = i + 2;
    if (out[second]?.src !== SRC.theMore || phraseEnds(out[second + 1])) continue;
    const act = out[i + 1] as Token;
    const quality = out[second + 1] as Token;
    const korean = act.entry?.out.ko;
    if (act.kind !== "lex" || !korean || !quality.entry?.out.ko) continue;
    const more = toTheMore(MAPS.nativeActs[act.src] ?? korean);
    if (!more) continue;
    const said =
      MAPS.predicates[quality.src] ??
      (quality.src === SRC.fragrant && SETS.eating.has(act.src) ? KO.tasty : undefined);
    if (said) out[second + 1] = withKorean(quality, said, "n");
    out.splice(i, 3, withKorean(act, more, "n"));
  }
}

/** Comes with two batteries: the count after the noun it counts. */
export function countsAfterNouns(out: Token[]): void {
  for (let i = 0; i + 2 < out.length; i++) {
    const n = out[i] as Token;
    const cl = out[i + 1] as Token;
    if (n.kind !== "number" || cl.kind !== "lex" || !SETS.itemCounters.has(cl.src)) continue;
    let end = i + 2;
    while (out[end]?.kind === "lex" && out[end]?.pos === "n" && (out[end]?.src.length ?? 0) >= 2) end++;
    if (end === i + 2) continue;
    // Only a phrase's last noun run: three cups, but not a pack of two or a count inside a longer name.
    const next = out[end];
    if (next && next.kind !== "space" && next.kind !== "punct" && next.pos !== "v") continue;
    const nouns = out.splice(i + 2, end - i - 2);
    out.splice(i, 0, ...nouns);
    i = end - 1;
  }
}

/**
 * "With" + someone or something before an act (do not wash with other clothes, avoid contact with the
 * eyes): where "and" opens the phrase (after an act, a prohibition, or at the start) it is the comitative,
 * glued after its noun phrase, which stays the act's object.
 */
export function comitatives(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "lex" || t.pos !== "p" || !SETS.and.has(t.src) || !t.entry?.out.ko) continue;
    const before = out[i - 1];
    if (before && !phraseEnds(before) && before.pos !== "v") continue;
    let end = i + 1;
    const noun = (x: Token | undefined) =>
      x?.kind === "lex" && x.pos === "n" && !isPredicate(x) && !SETS.together.has(x.src);
    while (noun(out[end])) end++;
    // Without a verb after it, the last noun is the act (contact with the skin).
    const act = out[end]?.pos === "v" || SETS.together.has(out[end]?.src ?? "");
    if (!act && phraseEnds(out[end]) && end > i + 2) end--;
    else if (!act) continue;
    if (end === i + 1) continue;
    out.splice(end, 0, particlePiece(t.entry.out.ko));
    out.splice(i, 1);
  }
}

/** An act noun (washing, rinsing) that closes its phrase after a tool: the act the tool is used for. */
const closingAct = (out: Token[], at: number) =>
  at > 0 && RE.closingActs.test(out[at]?.entry?.out.ko ?? "") && phraseEnds(out[at + 1]);

/**
 * A quality right before an act says how the act is done (effectively improves): its adverb, which goes
 * with the act behind its object (adjust the angle freely).
 */
export function adverbsBeforeActs(out: Token[]): void {
  for (let i = 0; i + 1 < out.length; i++) {
    const t = out[i] as Token;
    const act = out[i + 1] as Token;
    const korean = t.entry?.out.ko ?? "";
    if (t.kind !== "lex" || t.entry?.kind === "user" || act.kind !== "lex" || act.pos !== "v") continue;
    if (SETS.modals.has(act.src) || SETS.prohibitions.has(act.src) || !isModifierForm(korean)) continue;
    const actKorean = act.entry?.out.ko ?? "";
    if (korean.includes(" ") || !actKorean || /^~| … /.test(actKorean)) continue;
    // One character on either side makes a word of its own (a good choice), not a manner.
    if (t.src.length < 2 || act.src.length < 2) continue;
    const adverb = korean.endsWith(KO.jeokModifier)
      ? `${korean.slice(0, -KO.jeokModifier.length)}${KO.jeokAdverb}`
      : toAdverb(korean);
    if (!adverb) continue;
    // A degree word before the quality (more effectively) goes with it.
    const degree = out[i - 1];
    const more =
      degree?.kind === "lex" && SETS.degreeBefore.has(degree.src) ? degree.entry?.out.ko : undefined;
    out[i + 1] = withKorean(act, `${more ? `${more} ` : ""}${adverb} ${actKorean}`);
    MANNER_VERBS.add(out[i + 1] as Token);
    out.splice(more ? i - 1 : i, more ? 2 : 1);
  }
}

/**
 * "This product" opening a sentence (the line, or after a label's colon) that says something of it is the
 * topic (this product contains ...).
 */
export function topics(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const before = out.slice(0, i).filter((t) => t.kind !== "space");
    const opens = before.every((t) => t.kind === "number" || t.kind === "punct") || out[i - 1]?.src === ":";
    if (!opens || out[i]?.kind !== "lex") continue;
    const two = `${out[i]?.src}${out[i + 1]?.src ?? ""}`;
    const end = SETS.topics.has(two) ? i + 2 : SETS.topics.has(out[i]?.src ?? "") ? i + 1 : -1;
    const next = out[end];
    if (end < 0 || !next || phraseEnds(next)) continue;
    // What follows says something of it (contains, carefully selected), not a thing of its (its colour).
    const says =
      next.pos !== "n" || isPredicate(next) || isModifierForm(next.entry?.out.ko?.split(" ")[0] ?? "");
    if (says) out.splice(end, 0, particlePiece(KO.topic));
    return;
  }
}
