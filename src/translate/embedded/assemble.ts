/**
 * Writes segmented tokens in the target language: each token's words, the word order the target wants
 * (Chinese puts a verb before its object, Korean and Japanese after: 赠送现金券 -> 현금 쿠폰 증정), the
 * target's spacing (Korean and English separate words, Chinese and Japanese do not), its punctuation,
 * the Korean particle forms, and English singular or plural after a number. The Chinese -> Korean phrase
 * passes and the Chinese word sets they test are in chinese-korean.ts.
 */
import {
  CLAUSE_VERBS,
  COMPOUND_HEADS,
  causes,
  chineseKorean,
  conditions,
  countsAfterNouns,
  fronting,
  GOVERNING,
  instruments,
  isPredicate,
  locatives,
  MAKING,
  MODALS,
  OBJECT_PARTICLE,
  onceBeforeActs,
  PERSON,
  PROHIBITIONS,
  placesAfterVerbs,
  predicates,
  requests,
  resultComplements,
  serialVerbs,
  theMore,
} from "./chinese-korean.ts";
import { isModifierForm, isQuality, pickParticle, toConnective } from "./hangul.ts";
import type { Family, OutLang } from "./lexicon.ts";
import type { Piece, Token } from "./tokens.ts";

const CLOSING = /^[,.!?:;)\]}%、。，！？：；）】」』》〉…]/;
const OPENING = /[([{（【「『《〈]$/;
const INFIX = /^[/×·・~～〜\-–]$/;

const PUNCT_TO_LATIN: Record<string, string> = {
  "。": ".",
  "、": ",",
  "【": "[",
  "】": "]",
  "「": "“",
  "」": "”",
  "『": "“",
  "』": "”",
  "《": "<",
  "》": ">",
  "〈": "<",
  "〉": ">",
  "～": "~",
  "〜": "~",
  "・": "·",
};
/** Korean shop copy keeps the East Asian brackets (【전국 무료배송】, 「」, 《》); only full stops and commas change. */
const PUNCT_TO_KOREAN: Record<string, string> = { "。": ".", "、": ",", "～": "~", "〜": "~", "・": "·" };
const PUNCT_ZH_TO_JA: Record<string, string> = { ",": "、", "《": "「", "》": "」", "“": "「", "”": "」" };
const PUNCT_JA_TO_ZH: Record<string, string> = {
  "、": "，",
  "「": "“",
  "」": "”",
  "『": "“",
  "』": "”",
  "・": "·",
  "〜": "～",
};

/** Korean for a Chinese counter that follows a noun rather than a number. */
const CLASSIFIER_AS_NOUN: Record<string, string> = {
  款: "스타일",
  号: "사이즈",
  码: "사이즈",
  种: "종류",
  // 双USB, 双电机: two of a part (듀얼), not a pair of shoes.
  双: "듀얼",
};

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
      if (lang === "ko") return PUNCT_TO_KOREAN[token.src] ?? token.src;
      if (lang === "en") return PUNCT_TO_LATIN[token.src] ?? token.src;
      if (lang === "ja" && family === "zh") return PUNCT_ZH_TO_JA[token.src] ?? token.src;
      if (lang === "zh" && family === "ja") return PUNCT_JA_TO_ZH[token.src] ?? token.src;
      return token.src;
    case "unknown":
      return undefined;
  }
}

/**
 * A verb written around its object ("주문 시 … 증정" for 下单送) splits into the part that stays in front
 * and the part that follows the object; any other verb is all "back".
 */
function splitCircumfix(verb: Token, lang: OutLang): [Token | undefined, Token] {
  const text = verb.entry?.out[lang];
  const gap = text?.indexOf(" … ") ?? -1;
  if (!text || gap < 0 || !verb.entry) return [undefined, verb];
  const part = (written: string): Token => ({
    ...verb,
    entry: { ...verb.entry, out: { ...verb.entry?.out, [lang]: written } } as Token["entry"],
  });
  return [part(text.slice(0, gap)), part(text.slice(gap + 3))];
}

const isLatinOrNumber = (t: Token | undefined) =>
  !!t && (t.kind === "latin" || t.kind === "number" || t.kind === "rule");

/**
 * "Shoes for Men" is 남성용 신발: an English "for" phrase that Korean writes as X용 goes, with its object,
 * in front of the noun it follows. The "for" is then already after its object and counts as moved.
 */
function forPhrasesFirst(out: Token[], moved: Set<Token>): void {
  const nounPart = (t: Token | undefined) =>
    !!t && ((t.kind === "lex" && t.pos === "n") || t.kind === "latin" || t.kind === "number");
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "lex" || !t.entry?.out.ko?.endsWith("용")) continue;
    const src = t.src.toLowerCase();
    // Either "for" and its object, or a glossary phrase that is both ("for Men": 남성용).
    const whole = src.startsWith("for ") && t.pos === "n";
    if (!whole && (t.pos !== "v" || src !== "for")) continue;
    // The object: noun pieces after "for", spaces between them.
    let end = i + 1;
    if (!whole) {
      while (nounPart(out[end]) || (out[end]?.kind === "space" && nounPart(out[end + 1]))) end++;
      if (end === i + 1) continue;
    }
    // The head: noun pieces before "for".
    let start = i - 1;
    if (out[start]?.kind === "space") start--;
    if (!nounPart(out[start])) continue;
    while (nounPart(out[start - 1]) || (out[start - 1]?.kind === "space" && nounPart(out[start - 2])))
      start--;
    const head = out.slice(start, out[i - 1]?.kind === "space" ? i - 1 : i);
    const object = whole ? [] : out.slice(out[i + 1]?.kind === "space" ? i + 2 : i + 1, end);
    const space: Token = { src: " ", kind: "space", pos: "n" };
    out.splice(start, end - start, ...object, t, space, ...head);
    moved.add(t);
    i = start + object.length + 1 + head.length;
  }
}

/** English words that Korean writes after the number they bound: "Over 10,000" -> 10,000 이상. */
const AFTER_NUMBER = new Set(["over", "more than", "under", "less than", "below", "above"]);

function englishComparatives(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "lex" || !AFTER_NUMBER.has(t.src.toLowerCase())) continue;
    let end = i + 1;
    if (out[end]?.kind === "space") end++;
    if (out[end]?.kind !== "number" && out[end]?.number === undefined) continue;
    end++;
    // The unit or counter that goes with the number stays with it: "Over 50 Hours" -> 50시간 이상.
    if (out[end]?.kind === "space" && out[end + 1]?.pos === "cl") end += 2;
    else if (out[end]?.pos === "cl") end++;
    out.splice(i, 1);
    out.splice(end - 1, 0, t);
    i = end - 1;
  }
}

/** Moves verbs to where the target language puts them; also returns the verbs that took an object. */
function reorder(tokens: Token[], family: Family, lang: OutLang): [Token[], Set<Token>] {
  const out = [...tokens];
  const moved = new Set<Token>();
  const isObjectPart = (t: Token | undefined) =>
    !!t &&
    (t.kind === "lex" || t.kind === "rule" || t.kind === "number" || t.kind === "latin") &&
    t.pos !== "v" &&
    t.pos !== "p";
  if ((family === "zh" || family === "en") && (lang === "ko" || lang === "ja")) {
    // VO -> OV: the verb goes after the noun phrase that follows it. Chinese writes no spaces inside a
    // phrase, so there a space ends the object unless it only separates a name from its number
    // (适用于iPhone 15); English spaces every word.
    const spaceInObject = (at: number) =>
      out[at]?.kind === "space" &&
      isObjectPart(out[at + 1]) &&
      (family === "en" || (isLatinOrNumber(out[at - 1]) && isLatinOrNumber(out[at + 1])));
    if (family === "en" && lang === "ko") forPhrasesFirst(out, moved);
    if (family === "zh" && lang === "ko") {
      theMore(out);
      onceBeforeActs(out);
      conditions(out);
      serialVerbs(out);
      locatives(out);
      causes(out);
      countsAfterNouns(out);
      resultComplements(out);
      placesAfterVerbs(out);
      instruments(out);
      requests(out);
    }
    for (let i = out.length - 1; i >= 0; i--) {
      if (out[i]?.pos !== "v" || moved.has(out[i] as Token)) continue;
      let end = i + 1;
      // 冬天也能用: a modal's object is the act after it, with that act's own object (사용 가능).
      if (family === "zh" && (MODALS.has(out[i]?.src ?? "") || PROHIBITIONS.has(out[i]?.src ?? ""))) {
        // 请勿在高温环境下使用: a prohibition's object is the act, with where it happens.
        while (out[end]?.src === "" && out[end]?.kind === "lex" && isObjectPart(out[end + 1])) end++;
        while (
          PROHIBITIONS.has(out[i]?.src ?? "") &&
          ((isObjectPart(out[end]) && !isPredicate(out[end])) || out[end] === OBJECT_PARTICLE)
        )
          end++;
      }
      if (
        family === "zh" &&
        (MODALS.has(out[i]?.src ?? "") || PROHIBITIONS.has(out[i]?.src ?? "")) &&
        out[end]?.pos === "v"
      ) {
        end++;
        while (moved.has(out[end] as Token) || (isObjectPart(out[end]) && !isPredicate(out[end]))) end++;
      }
      // A verb already moved behind its own object belongs to the object of the verb before it
      // (请勿放入微波炉: 전자레인지 넣기 + 금지). A negated quality (不发烫) is said of the act, not its
      // object (长时间使用不发烫).
      while (
        (isObjectPart(out[end]) && !(family === "zh" && isPredicate(out[end]))) ||
        spaceInObject(end) ||
        // 享受舒适的睡眠: 的 between a quality and its noun stays inside the object (편안한 수면 즐기기).
        (family === "zh" &&
          out[end]?.src === "的" &&
          end > i + 1 &&
          isObjectPart(out[end - 1]) &&
          isObjectPart(out[end + 1])) ||
        // 3-4人份, 30×20: a range or size is one object.
        (out[end]?.kind === "punct" &&
          INFIX.test(out[end]?.src ?? "") &&
          isObjectPart(out[end - 1]) &&
          isObjectPart(out[end + 1])) ||
        (end > i + 1 && moved.has(out[end] as Token) && isObjectPart(out[end - 1]))
      )
        end++;
      // 专为敏感肌研发: what is made for the object is not part of it (민감성 피부를 위해 연구 개발).
      if (
        family === "zh" &&
        end > i + 2 &&
        out[i]?.entry?.out[lang]?.startsWith("~을/를 위해") &&
        MAKING.has(out[end - 1]?.src ?? "")
      )
        end--;
      // 适合办公室使用: the use that closes the phrase is part of what the verb is for (사무실 사용에 적합).
      if (
        family === "zh" &&
        end > i + 1 &&
        out[i]?.entry?.out[lang]?.startsWith("~에 ") &&
        out[end]?.pos === "v" &&
        !moved.has(out[end] as Token) &&
        !isObjectPart(out[end + 1])
      )
        end++;
      if (end === i + 1) continue;
      // 使用时间, 安装方法: a verb before one of these nouns names a kind of it (사용 시간), not an act.
      if (
        family === "zh" &&
        end === i + 2 &&
        COMPOUND_HEADS.has(out[i + 1]?.src ?? "") &&
        !CLAUSE_VERBS.has(out[i] as Token) &&
        // 短按切换模式: after a clause (짧게 누르면) the verb is the act it leads to (모드 전환).
        !CLAUSE_VERBS.has(out[out[i - 1]?.src === "" ? i - 2 : i - 1] as Token) &&
        !GOVERNING.has(out[i]?.src ?? "")
      )
        continue;
      const [verb] = out.splice(i, 1);
      if (verb) {
        // "주문 시 … 증정" (下单送): the part before the gap stays in front of the object.
        const [front, back] = splitCircumfix(verb, lang);
        // 请仔细阅读说明书: a request names its object with 을/를 (설명서를 꼼꼼히 읽어 주세요), and so
        // does a condition (按下按钮即可…: 버튼을 누르면).
        if (
          lang === "ko" &&
          family === "zh" &&
          (/세요$/.test(back.entry?.out.ko ?? "") || CLAUSE_VERBS.has(back)) &&
          !back.entry?.out.ko?.startsWith("~") &&
          out[end - 2]?.kind === "lex" &&
          out[end - 2]?.pos !== "cl"
        ) {
          out.splice(end - 1, 0, OBJECT_PARTICLE);
          end++;
        }
        out.splice(end - 1, 0, back);
        moved.add(back);
        if (front) {
          out.splice(i, 0, front);
          moved.add(front);
        }
      }
    }
    if (family === "zh" && lang === "ko") {
      predicates(out);
      fronting(out);
    }
    if (family === "en" && lang === "ko") englishComparatives(out);
  } else if (family === "ja" && (lang === "zh" || lang === "en")) {
    // OV -> VO: "X を V" becomes "V X".
    for (let i = 0; i < out.length; i++) {
      if (out[i]?.pos !== "v" || out[i - 1]?.src !== "を") continue;
      let start = i - 1;
      while (isObjectPart(out[start - 1])) start--;
      if (start === i - 1) continue;
      const [verb] = out.splice(i, 1);
      if (verb) out.splice(start, 0, verb);
    }
  }
  return [out, moved];
}

/** Writes the tokens, or returns undefined when one of them has nothing to write in the target. */
export function assemble(tokens: Token[], family: Family, lang: OutLang): string | undefined {
  const pieces: Piece[] = [];
  const [ordered, moved] = reorder(tokens, family, lang);
  for (let i = 0; i < ordered.length; i++) {
    const token = ordered[i]!;
    let text = tokenText(token, lang, family);
    if (text === undefined) return undefined;
    // A circumfix verb that found no object is written whole.
    text = text.replace(" … ", " ");
    // 敏感肌适用: a verb written after what it is for (~에 사용 가능) has no object to take the 에.
    if (lang === "ko" && token.pos === "v" && !moved.has(token) && text.startsWith("~에 "))
      text = text.slice(3);
    // 适合上班族: suited to a person is 에게 (직장인에게 적합), to a thing 에.
    if (lang === "ko" && text.startsWith("~에 ") && PERSON.test(pieces.at(-1)?.text ?? ""))
      text = `~에게 ${text.slice(3)}`;
    // "40 Hours" -> 40시간: Korean, Japanese and Chinese write a number and its unit together.
    if (
      token.kind === "space" &&
      lang !== "en" &&
      ordered[i - 1]?.number !== undefined &&
      ordered[i + 1]?.pos === "cl"
    )
      text = "";
    if (token.kind === "lex" && token.pos === "cl" && lang === "ko") {
      // A counter away from a number names a kind (便携款, 大号): 휴대용 스타일, not 휴대용 종.
      const prev = [...ordered.slice(0, i)].reverse().find((t) => t.kind !== "space");
      const free = CLASSIFIER_AS_NOUN[token.src];
      if (free && prev?.number === undefined && prev?.kind !== "number") text = free;
      // 儿童款, 情侣款: a style for people is 어린이용, 커플용.
      if (
        token.src === "款" &&
        /(어린이|아동|학생|커플|남성|여성|성인|유아|아기|키즈|노인)$/.test(pieces.at(-1)?.text ?? "")
      )
        text = "~용";
    }
    if (token.kind === "lex" && token.src === "装" && lang === "ko") {
      // 旅行装, 礼品装: a pack for that use (여행용), where no count comes before (10粒装 is 10정).
      const prev = [...ordered.slice(0, i)].reverse().find((t) => t.kind !== "space");
      const next = ordered[i + 1];
      if (
        prev?.kind === "lex" &&
        prev.pos !== "cl" &&
        prev.pos !== "p" &&
        (!next || next.kind === "space" || next.kind === "punct")
      )
        text = pieces.at(-1)?.text.endsWith("용") ? "" : "~용";
    }
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
    // パワフルな: the Korean word is already a modifier (강력한), so the な ending adds nothing.
    if (
      token.pos === "p" &&
      lang === "ko" &&
      text === "한" &&
      /(한|운|은|는|된|인|른|쁜|큰)$/.test(pieces.at(-1)?.text ?? "")
    )
      text = "";
    // 在家里: the place already says 집에서.
    if (
      lang === "ko" &&
      token.src === "" &&
      /^~?에(서)?$/.test(text) &&
      /에(서)?$/.test(pieces.at(-1)?.text ?? "")
    )
      text = "";
    // A particle that would glue to nothing (a phrase that starts with 为) is left out, never written bare.
    const before = pieces.at(-1);
    if (
      lang === "ko" &&
      glueBefore &&
      token.pos === "p" &&
      (!before || before.token.kind === "space" || before.token.kind === "punct")
    )
      text = "";
    if (lang === "ko" && text.includes("/") && (token.pos === "p" || glueBefore)) {
      text = pickParticle(pieces.at(-1)?.text ?? "", text);
    }
    pieces.push({ text, token, glueBefore, glueAfter });
  }

  if (lang === "ko" && family === "en") englishKorean(pieces);
  if (lang === "ko" && family === "zh") chineseKorean(pieces);
  if (lang === "ko") joinModifiers(pieces);
  if (lang === "ko") dropRepeats(pieces);
  if (lang === "ko") possibleBeforeNoun(pieces);

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
 * English words whose Korean depends on their neighbours: "and" between two qualities is the connective
 * ending (Durable and Long Lasting -> 튼튼하고 오래가는, not 튼튼한 및 오래가는); "Extra" before a quality
 * is 더 (Extra Wide -> 더 넓은); "Free" after a noun is 프리 (Paraben Free -> 파라벤 프리).
 */
function englishKorean(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Piece;
    const src = w.token.src.toLowerCase();
    const prev = words[i - 1];
    const next = words[i + 1];
    const lastWord = (p: Piece | undefined) => p?.text.split(" ").at(-1) ?? "";
    if (
      (src === "and" || src === "&") &&
      prev &&
      next &&
      isModifierForm(lastWord(prev)) &&
      isModifierForm(lastWord(next))
    )
      w.text = "";
    else if (src === "extra" && next && isQuality(next.text.split(" ")[0] ?? "")) w.text = "더";
    else if (src === "most" && next && isQuality(next.text.split(" ")[0] ?? "")) w.text = "가장";
    else if (src === "," && prev && next && isModifierForm(lastWord(prev)) && isModifierForm(lastWord(next)))
      w.text = "";
    else if (
      src === "free" &&
      ((prev?.token.kind === "lex" && prev.token.pos === "n") || prev?.token.kind === "latin") &&
      (!next || next.token.kind === "punct")
    )
      w.text = "프리";
  }
}

/**
 * "X 가능" before a noun modifies it: 조절 가능한 어깨끈, 세탁기 사용 가능한 커버 (not 조절 가능 어깨끈).
 */
function possibleBeforeNoun(pieces: Piece[]): void {
  for (let i = 0; i + 1 < pieces.length; i++) {
    const a = pieces[i] as Piece;
    if (!/(가능|불가)$/.test(a.text) || a.token.kind !== "lex" || a.glueAfter) continue;
    let j = i + 1;
    if (pieces[j]?.token.kind === "space") j++;
    const b = pieces[j];
    if (b?.token.kind !== "lex" || b.token.pos !== "n" || b.glueBefore) continue;
    if (/^(및|또는|과|와|등|최대|최소|약)$/.test(b.text)) continue;
    if (!/^[\p{Script=Hangul}]/u.test(b.text) || isModifierForm(b.text.split(" ")[0] ?? "")) continue;
    // Chinese spaces separate phrases: only a piece written against the next one modifies it.
    if (j !== i + 1 && a.token.src.match(/[\p{Script=Han}]/u)) continue;
    // 可水洗可机洗: a list of abilities (물세탁 가능 세탁기 사용 가능), not an able noun.
    let k = j;
    while (pieces[k] && pieces[k]?.token.kind !== "space" && pieces[k]?.token.kind !== "punct") k++;
    if (pieces.slice(j, k).some((p) => /(가능|불가)$/.test(p.text))) continue;
    a.text = `${a.text}한`;
  }
}

/**
 * Two pieces that say the same word back to back (便携式 + 榨汁杯: 휴대용 + 휴대용 블렌더, 中通 + 快递:
 * 중통 택배 + 택배) write it once.
 */
function dropRepeats(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i] as Piece;
    const b = words[i + 1] as Piece;
    if (a.token.kind !== "lex" || b.token.kind !== "lex") continue;
    const last = a.text.split(" ").at(-1) ?? "";
    const bWords = b.text.split(" ");
    if (last && /[\p{Script=Hangul}]/u.test(last) && bWords[0] === last && bWords.length > 1)
      a.text = a.text.slice(0, a.text.length - last.length).trimEnd();
    // 中通 + 快递: 중통 택배 + 택배, the second is the word the first already ends with.
    // 照明 + 灯: two source words that Korean says with one word (조명) are written once.
    else if (
      last &&
      /[\p{Script=Hangul}]/u.test(last) &&
      b.text === last &&
      (a.text !== last || a.token.src !== b.token.src)
    )
      b.text = "";
  }
}

/**
 * Two modifiers in a row read as a list in Korean only when the first takes the connective ending:
 * 부드러운 편안한 -> 부드럽고 편안한. Only the last word of a piece changes, and only when a space (not
 * punctuation) separates the two in the output.
 */
function joinModifiers(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    let b = words[i + 1]!;
    if (a.glueAfter || b.glueBefore || a.token.kind === "punct" || b.token.kind === "punct") continue;
    // A degree word between them belongs to the second (더 가볍고 더 얇은).
    if (/^(더|매우|아주|가장|정말|더욱|너무)$/.test(b.text) && words[i + 2]) b = words[i + 2]!;
    if (b.token.kind === "punct") continue;
    const lastWord = a.text.split(" ").at(-1) ?? "";
    // The next piece must itself end as a modifier (편안한, 날씬해 보이는): then the two are a list.
    const lastOfNext = b.text.split(" ").at(-1) ?? "";
    if (toConnective(lastOfNext) === undefined) continue;
    const connective = toConnective(lastWord);
    if (!connective) continue;
    a.text = `${a.text.slice(0, a.text.length - lastWord.length)}${connective}`;
  }
}

function separator(prev: Piece, cur: Piece, lang: OutLang): string {
  if (prev.token.kind === "space" || cur.token.kind === "space") return "";
  if (prev.glueAfter || cur.glueBefore) return "";
  if (CLOSING.test(cur.text) || OPENING.test(prev.text)) {
    // "서두르세요!" and "(税込)": punctuation hugs its word; a comma still wants a space after it.
    return "";
  }
  const spaced = lang === "ko" || lang === "en";
  // Slashes and multiplication signs join what they separate: 블랙/화이트, W30×D20, IH·가스레인지.
  if (INFIX.test(cur.text) || INFIX.test(prev.text)) return "";
  if (
    cur.token.pos === "cl" &&
    (prev.token.kind === "number" ||
      prev.token.number !== undefined ||
      (prev.token.kind === "rule" && /\d$/.test(prev.token.src)))
  )
    return lang === "en" ? " " : "";
  // Korean writes a number and the word counted together (15시까지, 20시간, 1개당) when the source did;
  // a bound stands apart (10,000 이상).
  if (
    lang === "ko" &&
    prev.token.kind === "number" &&
    cur.token.kind === "lex" &&
    /^[\p{Script=Hangul}]/u.test(cur.text) &&
    !/^(이상|이하|미만|초과)$/.test(cur.text)
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
  // "for Daily Use" after 일상용: one 용 is enough.
  if (lang === "ko") out = out.replace(/용용(?=\s|$)/g, "용");
  if (lang === "en") out = out.replace(/^[a-z]/, (c) => c.toUpperCase());
  return out;
}
