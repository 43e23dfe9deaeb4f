/**
 * Chinese -> Korean words whose Korean depends on their neighbours, as passes over the written pieces:
 * a causative verb and its noun and quality (the object takes its particle, the quality its adverb ending),
 * "each" before a quantity (written after it), a degree word before a quality (an adverb), giving, how
 * well an act is done, comparison, counts of a time, what is left out, compositions, and the like.
 * Each handler says when it applies and what it writes; the first that applies to a piece is the one.
 */
import { isModifierForm, isQuality, pickParticle, toConnective } from "../../hangul.ts";
import { KOREAN } from "../../korean-words.ts";
import type { Piece } from "../../tokens.ts";
import { relativeClauses } from "./relative-clauses.ts";
import { KO, MAPS, RE, SETS, SRC } from "./words.ts";

interface At {
  pieces: Piece[];
  i: number;
  w: Piece;
  src: string;
}

interface Handler {
  when(at: At): boolean;
  apply(at: At): void;
}

const phraseEnd = (p: Piece | undefined) => !p || p.token.kind === "space" || p.token.kind === "punct";

const HANDLERS: Handler[] = [
  {
    when: ({ w, src }) => SETS.causative.has(src) && w.token.kind === "lex",
    apply({ pieces, i }) {
      let j = i + 1;
      const nouns: Piece[] = [];
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.pos === "n" &&
        !isModifierForm(pieces[j]?.text.split(" ").at(-1) ?? "") &&
        /[\p{Script=Hangul}]$/u.test(pieces[j]?.text ?? "")
      )
        nouns.push(pieces[j++] as Piece);
      if (!nouns.length) return;
      if (pieces[j]?.text === KO.more || pieces[j]?.text === KO.evenMore) j++;
      const quality = pieces[j];
      if (quality?.token.kind !== "lex" || !phraseEnd(pieces[j + 1])) return;
      const last = quality.text.split(" ").at(-1) ?? "";
      const connective = toConnective(last);
      if (!connective) return;
      const noun = nouns.at(-1) as Piece;
      // Let the baby sleep better: the noun does the act (subject); make the skin moister: it is made so (object).
      noun.text = `${noun.text}${pickParticle(noun.text, last.endsWith(KO.doing) ? KO.subject : KO.object)}`;
      quality.text = `${quality.text.slice(0, quality.text.length - last.length)}${connective.slice(0, -1)}${KO.adverb}`;
    },
  },
  {
    when: ({ w, src }) => src === SRC.every && w.token.kind === "lex",
    apply({ pieces, i, w }) {
      const next = pieces[i + 1];
      if (!next || next.glueBefore) return;
      const quantity =
        next.token.kind === "rule" ||
        next.token.kind === "number" ||
        (next.token.kind === "lex" && (next.token.pos === "cl" || next.token.number !== undefined));
      if (!quantity || !/[\p{Script=Hangul}a-zA-Z0-9]$/u.test(next.text)) return;
      // Every 3 months: the counter after the number closes the quantity, and a span of time recurs.
      const unit =
        next.token.kind === "number" && pieces[i + 2]?.token.pos === "cl" ? pieces[i + 2] : undefined;
      const last = unit ?? next;
      w.text = "";
      last.text = `${last.text}${RE.recurring.test(last.text) ? KO.every : KO.per}`;
    },
  },
  // A better experience: described, the experience is an experience; as an act it stays a trial (free trial).
  {
    when: ({ w, src }) => src === SRC.experience && w.token.kind === "lex",
    apply({ pieces, i, w }) {
      let k = i - 1;
      while (pieces[k]?.text === "" && pieces[k]?.token.kind === "lex") k--;
      const before = pieces[k]?.text.split(" ").at(-1) ?? "";
      if (before && isModifierForm(before)) w.text = w.text.replace(RE.trial, KO.experience);
    },
  },
  // Give you a better experience: a phrase that gives the reader a thing offers it, never "to you"
  // before a bare noun phrase.
  {
    when: ({ pieces, i, w, src }) =>
      SETS.giveYou.has(src) && w.token.kind === "lex" && phraseEnd(pieces[i - 1]),
    apply({ pieces, i, w }) {
      if (pieces[i + 1]?.token.src === SRC.of) return;
      let j = i + 1;
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.number === undefined &&
        !RE.countWord.test(pieces[j]?.token.src ?? "") &&
        (pieces[j]?.token.pos === "n" || pieces[j]?.token.pos === "m" || pieces[j]?.text === "")
      )
        j++;
      const last = pieces[j - 1];
      if (j === i + 1 || !last || !phraseEnd(pieces[j]) || last.token.pos !== "n") return;
      const word = last.text.split(" ").at(-1) ?? "";
      if (!/^[\p{Script=Hangul}]+$/u.test(word) || isModifierForm(word)) return;
      w.text = "";
      last.text = `${last.text}${pickParticle(word, KO.object)} ${KO.offers}`;
    },
  },
  // The best care for the baby: the one it is for takes the particle for people when more follows.
  {
    when: ({ w, src }) => src === SRC.give && w.token.kind === "lex" && w.text === "",
    apply({ pieces, i }) {
      let j = i + 1;
      const noun = (p: Piece | undefined) =>
        p?.token.kind === "lex" &&
        p.token.pos === "n" &&
        !p.glueAfter &&
        !RE.possessive.test(p.text) &&
        !isModifierForm(p.text.split(" ").at(-1) ?? "");
      while (noun(pieces[j])) j++;
      const to = pieces[j - 1];
      if (j === i + 1 || !to || phraseEnd(pieces[j]) || !/[\p{Script=Hangul}]$/u.test(to.text)) return;
      if (RE.toPerson.test(to.text)) return;
      // To a person (the baby) with the personal particle; to a thing (the skin) with the plain one.
      to.text = `${to.text}${KOREAN.person.test(to.text) ? KO.toPerson : KO.at.replace(/^~/, "")}`;
    },
  },
  // Washes very clean, wears more comfortably: how well it is done goes before the act.
  {
    when: ({ w, src }) => SETS.how.has(src) && w.token.kind === "lex" && w.text === "",
    apply({ pieces, i }) {
      const act = pieces[i - 1];
      let j = i + 1;
      const degree = RE.degree.test(pieces[j]?.text ?? "") ? pieces[j++] : undefined;
      const quality = pieces[j];
      if (act?.token.kind !== "lex" || quality?.token.kind !== "lex" || !phraseEnd(pieces[j + 1])) return;
      const last = quality.text.split(" ").at(-1) ?? "";
      const connective = toConnective(last);
      if (!connective || /[\s]/.test(quality.text.trim()) || act.text === "") return;
      const adverb = `${connective.slice(0, -1)}${KO.adverb}`;
      quality.text = `${adverb} ${act.text}`;
      act.text = "";
      if (degree) {
        degree.text = `${degree.text} ${quality.text}`;
        quality.text = "";
      }
    },
  },
  // Comfort and style: two qualities are joined by the connective ending, not the particle "and".
  {
    when: ({ w, src }) => SETS.and.has(src) && w.token.kind === "lex",
    apply({ pieces, i, w }) {
      const before = pieces[i - 1]?.text.split(" ").at(-1) ?? "";
      const after = pieces[i + 1]?.text.split(" ").at(-1) ?? "";
      if (toConnective(before) && toConnective(after)) w.text = "";
    },
  },
  // Easy to carry: easy to do, not a good carrying.
  {
    when: ({ w, src }) => src === SRC.easy && w.token.kind === "lex",
    apply({ pieces, i, w }) {
      const next = pieces[i + 1];
      if (next?.token.kind !== "lex" || !SETS.easyActs.has(next.text) || !phraseEnd(pieces[i + 2])) return;
      w.text = "";
      next.text = `${next.text}${KO.easyToDo}`;
    },
  },
  // Camping good things: the good things of a use or a season are its items.
  {
    when: ({ w, src }) => src === SRC.goodThing && w.token.kind === "lex",
    apply({ pieces, i, w }) {
      const prev = pieces[i - 1];
      if (
        prev?.token.kind === "lex" &&
        prev.token.pos !== "v" &&
        !phraseEnd(prev) &&
        !RE.good.test(prev.text)
      )
        w.text = KO.items;
    },
  },
  // Does not harm the gums, does not burn the scalp: what is not harmed or burnt is said first,
  // never the quality of a harmless gum.
  {
    when: ({ w, src }) => !!MAPS.notHarmed[src] && w.token.kind === "lex",
    apply({ pieces, i, w, src }) {
      const next = pieces[i + 1];
      if (next?.token.kind !== "lex" || next.token.pos !== "n" || !phraseEnd(pieces[i + 2])) return;
      if (!/^[\p{Script=Hangul}]+$/u.test(next.text)) return;
      const said = MAPS.notHarmed[src] as string;
      w.text = SETS.notHarmedSubject.has(src)
        ? `${next.text}${pickParticle(next.text, KO.subject)}`
        : next.text;
      next.text = said;
    },
  },
  // Easy storage: an act that closes its phrase after "easily" is made easy, not done easily.
  {
    when: ({ w, src }) => src === SRC.easily && w.token.kind === "lex",
    apply({ pieces, i, w }) {
      const next = pieces[i + 1];
      if (next?.token.kind === "lex" && SETS.easyActs.has(next.text) && phraseEnd(pieces[i + 2]))
        w.text = KO.easy;
    },
  },
  // The first pair of shoes (a counter after "first" is not a second word); alone it is the first place.
  {
    when: ({ w, src }) => src === SRC.first && w.token.kind === "lex",
    apply({ pieces, i, w }) {
      const next = pieces[i + 1];
      if (next?.token.kind !== "lex" || next.token.pos === "p") return;
      w.text = KO.first;
      if (next.token.pos === "cl" && pieces[i + 2]?.token.kind === "lex") next.text = "";
    },
  },
  // Mum's taste: what belongs to a person takes the possessive.
  {
    when: ({ w, src }) => src === SRC.of && w.token.kind === "lex" && w.text === "",
    apply({ pieces, i }) {
      const owner = pieces[i - 1];
      const next = pieces[i + 1];
      if (
        owner?.token.kind === "lex" &&
        next?.token.kind === "lex" &&
        KOREAN.person.test(owner.text) &&
        !owner.glueAfter
      )
        owner.text = `${owner.text}${KO.of}`;
    },
  },
  // Cheaper than on Singles' Day: the thing compared with takes "than"; 30% bigger than the usual
  // model: a one-character quality after it is the comparative, the amount before it.
  {
    when: ({ w, src }) => src === SRC.than && w.token.kind === "lex",
    apply({ pieces, i }) {
      let j = i + 1;
      const more = (p: Piece | undefined) =>
        p?.text === KO.more || !!p?.text.startsWith(`${KO.more} `) || !!p?.token.src.startsWith(SRC.more);
      const bare = (p: Piece | undefined) => p?.token.kind === "lex" && !!MAPS.predicates[p.token.src];
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.pos === "n" &&
        !more(pieces[j]) &&
        !(j > i + 1 && bare(pieces[j]))
      )
        j++;
      const than = pieces[j - 1];
      if (j === i + 1 || !than || !(more(pieces[j]) || bare(pieces[j]))) return;
      than.text = `${than.text}${KO.than}`;
      const quality = pieces[j] as Piece;
      if (!bare(quality)) return;
      const amount = pieces[j + 1];
      const measured =
        (amount?.token.kind === "rule" || amount?.token.kind === "number") && phraseEnd(pieces[j + 2]);
      quality.text = `${KO.more} ${MAPS.predicates[quality.token.src]}`;
      if (measured && amount) {
        amount.text = `${amount.text} ${quality.text}`;
        quality.text = "";
      }
    },
  },
  // 1-2 tablets each time, twice a day: how much at a time, in a day; "only need" between them adds
  // nothing a Korean label says.
  {
    when: ({ w, src }) => !!MAPS.everyTime[src] && w.token.kind === "lex",
    apply({ pieces, i, w, src }) {
      let j = i + 1;
      if (SETS.onlyBeforeAmount.has(pieces[j]?.token.src ?? "")) j++;
      const next = pieces[j];
      const quantity = next?.token.kind === "number" || next?.token.kind === "rule";
      if (!quantity || !/^\d/.test(next?.text ?? "")) return;
      w.text = MAPS.everyTime[src] as string;
      if (j > i + 1) (pieces[i + 1] as Piece).text = "";
    },
  },
  // Raised by one time its size is twice as much.
  {
    when: ({ pieces, i, w, src }) =>
      src === SRC.times && w.token.kind === "lex" && pieces[i - 1]?.token.src === SRC.one,
    apply({ pieces, i }) {
      const by = pieces[i + 1];
      if (by?.token.kind === "lex" && SETS.increase.has(by.token.src)) (pieces[i - 1] as Piece).text = "2";
    },
  },
  // Charge for 2 hours: Korean says how long before the act, as for "use for 7 days".
  {
    when: ({ w }) => !!MAPS.actsWithDuration[w.text] && w.token.kind === "lex" && !w.glueAfter,
    apply({ pieces, i, w }) {
      let end = i + 1;
      if (pieces[end]?.token.kind === "number" && pieces[end + 1]?.token.pos === "cl") end++;
      const last = pieces[end];
      const duration = RE.duration.test(last?.text ?? "");
      if (last && duration && (end > i + 1 || last.token.kind === "rule")) {
        last.text = `${last.text} ${MAPS.actsWithDuration[w.text]}`;
        w.text = "";
      }
    },
  },
  // Without fragrance and colouring: a row that says what is left out lists the next nouns of its
  // phrase too, so "free of" closes the list.
  {
    when: ({ w, src }) => RE.leftOut.test(w.text) && RE.leaveOut.test(src),
    apply({ pieces, i, w }) {
      let j = i + 1;
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.pos === "n" &&
        /^[\p{Script=Hangul}]+$/u.test(pieces[j]?.text ?? "")
      )
        j++;
      if (j === i + 1 || !phraseEnd(pieces[j])) return;
      const suffix = w.text.split(" ").at(-1) as string;
      w.text = w.text.slice(0, -suffix.length).trim();
      const last = pieces[j - 1] as Piece;
      last.text = `${last.text} ${suffix}`;
    },
  },
  // 95% cotton 5% spandex: a composition names the material first in Korean.
  {
    when: ({ pieces, i, w, src }) =>
      w.token.kind === "rule" &&
      /^\d+(\.\d+)?%$/.test(src) &&
      RE.material.test(pieces[i + 1]?.token.src ?? ""),
    apply({ pieces, i, w }) {
      const material = pieces[i + 1] as Piece;
      const after = pieces[i + 2];
      if (material.token.kind !== "lex" || !(phraseEnd(after) || after?.token.kind === "rule")) return;
      [w.text, material.text] = [material.text, w.text];
    },
  },
  // With a span of time, Hong Kong's word for care is a warranty (one-year warranty), and "arrival" is
  // delivered in that time, not stock come in.
  {
    when: ({ w, src }) => !!MAPS.afterSpan[src] && w.token.kind === "lex",
    apply({ pieces, i, w, src }) {
      const span = (p: Piece | undefined) => RE.span.test(p?.text ?? "");
      if (span(pieces[i - 1]) || (pieces[i + 1]?.token.kind === "number" && span(pieces[i + 2])))
        w.text = MAPS.afterSpan[src] as string;
    },
  },
  {
    when: ({ w, src }) => !!MAPS.degreeBeforeQuality[src] && w.token.kind === "lex",
    apply({ pieces, i, w, src }) {
      const next = pieces[i + 1];
      if (next?.token.kind === "lex" && isQuality(next.text.split(" ")[0] ?? ""))
        w.text = MAPS.degreeBeforeQuality[src] as string;
    },
  },
];

export function chineseKorean(pieces: Piece[]): void {
  relativeClauses(pieces);
  for (let i = 0; i < pieces.length; i++) {
    const w = pieces[i] as Piece;
    const at = { pieces, i, w, src: w.token.src };
    HANDLERS.find((h) => h.when(at))?.apply(at);
  }
  clausesBeforeCommas(pieces);
  // A line read as a lone particle (a fragment the reader cut off: "from", "of") writes the particle.
  const words = pieces.filter((p) => p.token.kind !== "space" && p.token.kind !== "punct");
  const only = words.length === 1 ? words[0] : undefined;
  if (only?.token.kind !== "lex" || only.token.pos !== "p" || only.text !== "") return;
  const particle = (only.token.entry?.out.ko ?? "").replace(/^~|~$/g, "");
  if (only.token.src === SRC.of) only.text = KO.of;
  else if (/^[\p{Script=Hangul}]+$/u.test(particle)) only.text = particle;
}

/**
 * A clause with its subject that ends on a quality before a comma and more text (the colour holds fast,
 * ...) joins what follows with the connective ending, not the modifier, which would wait for a noun.
 */
function clausesBeforeCommas(pieces: Piece[]): void {
  for (let i = 0; i + 1 < pieces.length; i++) {
    const p = pieces[i] as Piece;
    const mark = pieces[i + 1] as Piece;
    if (p.token.kind !== "lex" || mark.token.kind !== "punct" || !SETS.listMarks.has(mark.token.src))
      continue;
    // More text follows, or the line breaks off after the comma (the sentence goes on below).
    const more = pieces.slice(i + 2).some((q) => q.token.kind === "lex") || i + 2 === pieces.length;
    // The quality is said of a noun before it, in the piece or as the piece before (absorbency good).
    const before = pieces[i - 1];
    const said = RE.subjectClause.test(p.text) || (before?.token.kind === "lex" && before.token.pos === "n");
    if (!said || !more) continue;
    const last = p.text.split(" ").at(-1) ?? "";
    const connective = isModifierForm(last) ? toConnective(last) : undefined;
    if (connective) p.text = `${p.text.slice(0, p.text.length - last.length)}${connective}`;
  }
}
