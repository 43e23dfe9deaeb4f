/**
 * Writes segmented tokens in the target language: each token's words, the word order the target wants
 * (Chinese puts a verb before its object, Korean and Japanese after: 赠送现金券 -> 현금 쿠폰 증정), the
 * target's spacing (Korean and English separate words, Chinese and Japanese do not), its punctuation,
 * the Korean particle forms, and English singular or plural after a number.
 */
import { isModifierForm, pickParticle, toConnective, toRequest } from "./hangul.ts";
import type { Family, OutLang } from "./lexicon.ts";
import type { Token } from "./segment.ts";

interface Piece {
  text: string;
  token: Token;
  glueBefore: boolean;
  glueAfter: boolean;
}

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

/** Chinese nouns a verb qualifies rather than governs (使用时间 is usage time, not using time). */
const COMPOUND_HEADS = new Set([
  ..."时间 方法 方式 说明 说明书 场景 场合 范围 寿命 次数 效果 人群 对象 年龄 步骤 过程 教程 视频 环境 地点 空间 区域 温度 速度 记录 功能 模式 按钮 时长 前 后 中 神器 好物 用品 工具 必备 利器 达人".split(
    " ",
  ),
]);

/** What a product is made by, after 为/专为 and its object (专为亚洲人设计). */
const MAKING = new Set(["设计", "研发", "打造", "定制", "制作", "生产", "开发", "研制", "而生", "量身定制"]);

const PROHIBITIONS = new Set(["请勿", "禁止", "切勿", "不可", "不要", "严禁", "不宜"]);
/** Where something is kept takes 에 (서늘한 곳에 보관); where it is done, 에서. */
const KEEPING = new Set(["保存", "存放", "放置", "放", "储存", "储藏", "保管", "晾干", "阴干"]);
const LOCALIZERS = new Set(["下", "中", "里", "内", "上"]);
/** Counters of items, which Korean writes after the noun counted (배터리 2개); 3겹 필터 keeps its order. */
const ITEM_COUNTERS = new Set([
  "个",
  "件",
  "只",
  "支",
  "瓶",
  "盒",
  "包",
  "片",
  "张",
  "把",
  "条",
  "根",
  "袋",
  "罐",
  "台",
  "套",
  "本",
  "颗",
  "粒",
]);

/**
 * 在高温环境下使用: 在 + place (+ 下/中/里) is a place phrase, 고온 환경에서 (에 before keeping: 서늘한 곳에
 * 보관). It becomes the place followed by a glued particle piece that counts as part of an object.
 */
function locatives(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src === "将" && t.kind === "lex" && t.pos === "p") {
      // 将本品放在…: 将 marks the object before its verb (본 제품을 …).
      let end = i + 1;
      while (out[end]?.kind === "lex" && out[end]?.pos === "n") end++;
      const act = out[end];
      const keeps = act?.kind === "lex" && KEEPING.has(act.src) && out[end + 1]?.src === "在";
      if (end > i + 1 && (act?.pos === "v" || keeps)) {
        out.splice(end, 0, OBJECT_PARTICLE);
        out.splice(i, 1);
      }
      continue;
    }
    if (t.src !== "在" || t.kind !== "lex" || t.pos !== "p") continue;
    const verb = out[i - 1];
    if (verb?.kind === "lex" && verb.pos === "v" && KEEPING.has(verb.src)) {
      // 放在阴凉处: put somewhere is kept there (서늘한 곳에 보관), the place before the act.
      let end = i + 1;
      while (out[end]?.kind === "lex" && out[end]?.pos === "n") end++;
      const closes = !out[end] || out[end]?.kind === "space" || out[end]?.kind === "punct";
      if (end === i + 1 || !closes || !verb.entry) continue;
      const place = out.slice(i + 1, end);
      const keep: Token = {
        ...verb,
        pos: "n",
        entry: { ...verb.entry, out: { ...verb.entry.out, ko: "보관" } },
      };
      const particle: Token = {
        src: "",
        kind: "lex",
        pos: "n",
        entry: { out: { ko: "~에" }, pos: "n", kind: "glossary" },
      } as Token;
      out.splice(i - 1, end - i + 1, ...place, particle, keep);
      continue;
    }
    let end = i + 1;
    while (
      out[end]?.kind === "lex" &&
      out[end]?.pos === "n" &&
      !LOCALIZERS.has(out[end]?.src ?? "") &&
      !isPredicate(out[end])
    )
      end++;
    if (end === i + 1) continue;
    const localizer = LOCALIZERS.has(out[end]?.src ?? "") ? 1 : 0;
    const after = out[end + localizer];
    if (after?.pos !== "v") continue;
    const particle: Token = {
      src: "",
      kind: "lex",
      pos: "n",
      entry: { out: { ko: KEEPING.has(after.src) ? "~에" : "~에서" }, pos: "n", kind: "glossary" },
    } as Token;
    out.splice(end, localizer, particle);
    out.splice(i, 1);
  }
}

/** Results a Chinese verb states after itself (清洗干净), and the Korean adverb written before the act. */
const RESULTS: Record<string, string> = { 干净: "깨끗이", 均匀: "골고루", 彻底: "완전히" };
const isAct = (t: Token | undefined) =>
  !!t && t.kind === "lex" && (t.pos === "v" || /(기|세요)$/.test(t.entry?.out.ko ?? ""));

/** 清洗干净, 冲洗干净: the result is how the act is done (깨끗이 세척), not a quality of what follows. */
function resultComplements(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const adverb = RESULTS[t.src];
    const act = out[i - 1];
    const korean = act?.entry?.out.ko;
    if (!adverb || t.kind !== "lex" || !isAct(act) || !act?.entry || !korean) continue;
    const next = out[i + 1];
    if (next && next.kind !== "space" && next.kind !== "punct") continue;
    // The adverb goes before the act word itself, after whatever else the piece says (미온수로 깨끗이 헹구기).
    const words = korean.split(" ");
    const acts = words.findIndex((w) => /(기|하세요|해|세요)$/.test(w));
    const at = acts >= 0 ? acts : words.length - 1;
    words.splice(at, 0, adverb);
    out[i - 1] = { ...act, entry: { ...act.entry, out: { ...act.entry.out, ko: words.join(" ") } } };
    out.splice(i, 1);
  }
}

const placeParticle = (ko: string): Token =>
  ({ src: "", kind: "lex", pos: "n", entry: { out: { ko }, pos: "n", kind: "glossary" } }) as Token;

/** 用于眼部, 涂抹于面部: 于 after a verb names where it is done, which Korean says first (눈가에 사용). */
function placesAfterVerbs(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const verb = out[i - 1];
    // 放入锅中, 倒进杯里: a verb of putting into takes its place the same way (냄비에 넣기).
    const into = t.kind === "lex" && t.pos === "v" && /[入进]$/.test(t.src) && t.src.length === 2;
    if (!into && (t.src !== "于" || t.kind !== "lex" || !isAct(verb))) continue;
    let end = i + 1;
    while (
      out[end]?.kind === "lex" &&
      out[end]?.pos === "n" &&
      !isPredicate(out[end]) &&
      !(into && LOCALIZERS.has(out[end]?.src ?? ""))
    )
      end++;
    const localizer = into && LOCALIZERS.has(out[end]?.src ?? "") ? 1 : 0;
    const closes =
      !out[end + localizer] ||
      out[end + localizer]?.kind === "space" ||
      out[end + localizer]?.kind === "punct";
    if (end === i + 1 || !closes) continue;
    const place = out.slice(i + 1, end);
    if (into) {
      // The verb stays in front: it takes the place and its 에 as its object like any other.
      out.splice(end, localizer, placeParticle("~에"));
      continue;
    }
    const particle: Token = {
      src: "",
      kind: "lex",
      pos: "n",
      entry: { out: { ko: "~에" }, pos: "n", kind: "glossary" },
    } as Token;
    // The verb closes the phrase, so it has nothing after it to take as an object.
    out.splice(i - 1, end - i + 1, ...place, particle, verb as Token);
  }
}

/**
 * 用清水冲洗, 用湿布擦拭: 用 before a thing and an act is what the act is done with (물로 헹구기), not a
 * second act (사용).
 */
function instruments(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src !== "用" || t.kind !== "lex" || t.pos !== "v") continue;
    let end = i + 1;
    while (out[end]?.kind === "lex" && out[end]?.pos === "n" && !isAct(out[end])) end++;
    const act = out[end];
    if (!isAct(act)) continue;
    const said =
      end === i + 1 &&
      / \S+(기|세요)$/.test(act?.entry?.out.ko ?? "") &&
      /로 /.test(act?.entry?.out.ko ?? "");
    if (end === i + 1 && !said) continue;
    if (end > i + 1) {
      const particle: Token = {
        src: "",
        kind: "lex",
        pos: "n",
        entry: { out: { ko: "~으로/로" }, pos: "n", kind: "glossary" },
      } as Token;
      out.splice(end, 0, particle);
    }
    out.splice(i, 1);
  }
}

/** Sino-Korean acts that close a request without a verb piece (请咨询客服: 고객센터 문의하세요). */
const REQUESTED_ACTS = /(문의|연락|충전|완충|보관|확인|세척|교체|섭취|복용|사용|건조|세탁|조작)$/;

/**
 * 请关闭电源, 请先检查: 请 asks for the act that closes its phrase (전원을 끄세요, 먼저 확인하세요), so
 * the phrase's last verb takes the polite request; a phrase that ends on an act noun takes 하세요.
 */
function requests(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src !== "请" || t.kind !== "lex") continue;
    let end = i + 1;
    while (out[end] && out[end]?.kind !== "space" && out[end]?.kind !== "punct") end++;
    // The act is the phrase's last verb, or an act noun closing it (请按照说明书操作: 조작하세요).
    let at = -1;
    for (let j = i + 1; j < end; j++) if (out[j]?.pos === "v") at = j;
    if (end - 1 > i && REQUESTED_ACTS.test(out[end - 1]?.entry?.out.ko ?? "")) at = end - 1;
    const act = out[at];
    const korean = act?.entry?.out.ko;
    if (!act?.entry || !korean || korean.includes(" … ") || korean.startsWith("~")) continue;
    const request = toRequest(korean);
    if (request) out[at] = { ...act, entry: { ...act.entry, out: { ...act.entry.out, ko: request } } };
  }
}

/** 配两个电池: 배터리 2개 포함, the count after the noun it counts. */
function countsAfterNouns(out: Token[]): void {
  for (let i = 0; i + 2 < out.length; i++) {
    const n = out[i] as Token;
    const cl = out[i + 1] as Token;
    if (n.kind !== "number" || cl.kind !== "lex" || !ITEM_COUNTERS.has(cl.src)) continue;
    let end = i + 2;
    while (out[end]?.kind === "lex" && out[end]?.pos === "n" && (out[end]?.src.length ?? 0) >= 2) end++;
    if (end === i + 2) continue;
    // Only a phrase's last noun run: 3个杯子 but not 2个装 or a count inside a longer name.
    const next = out[end];
    if (next && next.kind !== "space" && next.kind !== "punct" && next.pos !== "v") continue;
    const nouns = out.splice(i + 2, end - i - 2);
    out.splice(i, 0, ...nouns);
    i = end - 1;
  }
}

const MODALS = new Set(["可", "可以", "能", "能够"]);
/** 不发烫, 不变形: a negated quality; 不锈钢 is a material. */
const isPredicate = (t: Token | undefined) => !!t && t.src.startsWith("不") && !t.src.startsWith("不锈");

/** Korean words for people and pets, which take 에게 rather than 에. */
const PERSON =
  /(직장인|노인|성인|임산부|학생|수험생|아기|어린이|아이|엄마|아빠|여성|남성|아동|유아|신생아|어르신|부모님|사람|반려견|반려동물|강아지|고양이|남자친구|여자친구|가족|초보자|선수)$/;

/** Chinese verbs that govern even a noun of COMPOUND_HEADS (附说明书 is 설명서 포함, not a kind of manual). */
const GOVERNING = new Set([
  "节省",
  "节约",
  "延长",
  "缩短",
  "可调",
  "可调节",
  "附",
  "配",
  "带",
  "含",
  "附赠",
  "赠送",
  "阅读",
  "仔细阅读",
  "请仔细阅读",
  "查看",
  "参阅",
]);

const OBJECT_PARTICLE: Token = {
  src: "",
  kind: "lex",
  pos: "p",
  entry: { out: { ko: "을/를" }, pos: "p", kind: "glossary" },
} as Token;

const isLatinOrNumber = (t: Token | undefined) =>
  !!t && (t.kind === "latin" || t.kind === "number" || t.kind === "rule");

/** One-character Chinese qualities and their Korean modifier form when they are said of a noun. */
const PREDICATE: Record<string, string> = {
  小: "작은",
  大: "큰",
  多: "많은",
  少: "적은",
  强: "강한",
  足: "넉넉한",
  高: "높은",
  低: "낮은",
  快: "빠른",
  慢: "느린",
  长: "긴",
  短: "짧은",
  轻: "가벼운",
  重: "무거운",
  软: "부드러운",
  硬: "단단한",
  薄: "얇은",
  厚: "두꺼운",
  宽: "넓은",
  窄: "좁은",
  稳: "안정적인",
  准: "정확한",
  亮: "밝은",
};

const DEGREE_BEFORE = new Set([
  "又",
  "既",
  "很",
  "更",
  "超",
  "太",
  "最",
  "较",
  "比较",
  "非常",
  "特别",
  "十分",
]);

/**
 * 体积小, 分量足: a one-character quality that closes a phrase after a noun is said of it (작은 부피),
 * not the prefix the same character is before a noun (小 = 소 in 소형).
 */
function predicates(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const korean = PREDICATE[t.src];
    if (!korean || t.kind !== "lex" || !t.entry) continue;
    const prev = out[i - 1];
    const next = out[i + 1];
    // 又大又甜, 很多: after a degree or 又 the character is a quality too.
    const afterDegree = prev?.kind === "lex" && DEGREE_BEFORE.has(prev.src);
    if (!afterDegree && (prev?.kind !== "lex" || prev.pos !== "n" || prev.src.length < 2)) continue;
    if (next && next.kind !== "space" && next.kind !== "punct" && !(afterDegree && next.src === "又"))
      continue;
    out[i] = { ...t, pos: "n", entry: { ...t.entry, out: { ...t.entry.out, ko: korean } } };
  }
}

/**
 * Chinese states a quality after its noun (送货快, 包装精美, 连接稳定); a Korean callout puts the
 * modifier first (빠른 배송, 고급스러운 포장, 안정적인 연결). Within one phrase (between spaces and
 * punctuation) of one to three nouns and a closing adjective, the adjective moves to the front.
 */
function fronting(out: Token[]): void {
  let start = 0;
  for (let i = 0; i <= out.length; i++) {
    const t = out[i];
    if (t && t.kind !== "space" && t.kind !== "punct") continue;
    const phrase = out.slice(start, i);
    if (phrase.length >= 2 && phrase.length <= 4) {
      const last = phrase.at(-1) as Token;
      const nouns = phrase.slice(0, -1);
      const korean = (x: Token) => x.entry?.out.ko ?? "";
      if (
        last.kind === "lex" &&
        last.pos !== "v" &&
        last.pos !== "p" &&
        isModifierForm(korean(last)) &&
        // An action verb's modifier (좋아하는) describes someone, not the noun; 좋은 stays behind its
        // noun as shops write it (신축성 좋은).
        !/(는|좋은)$/.test(korean(last)) &&
        nouns.every(
          (x) =>
            x.kind === "lex" &&
            x.pos === "n" &&
            x.src.length >= 2 &&
            korean(x) !== "" &&
            !/[~]/.test(korean(x)) &&
            !isModifierForm(korean(x).split(" ").at(-1) ?? ""),
        )
      ) {
        out.splice(start, phrase.length, last, ...nouns);
      }
    }
    start = i + 1;
  }
}

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
      locatives(out);
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
        !GOVERNING.has(out[i]?.src ?? "")
      )
        continue;
      const [verb] = out.splice(i, 1);
      if (verb) {
        // "주문 시 … 증정" (下单送): the part before the gap stays in front of the object.
        const [front, back] = splitCircumfix(verb, lang);
        // 请仔细阅读说明书: a request names its object with 을/를 (설명서를 꼼꼼히 읽어 주세요).
        if (
          lang === "ko" &&
          family === "zh" &&
          /세요$/.test(back.entry?.out.ko ?? "") &&
          out[end - 2]?.kind === "lex"
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

/** Korean acts that a Chinese duration follows (充电2小时), and how the act reads after it. */
const ACTS_WITH_DURATION: Record<string, string> = {
  충전: "충전",
  가열: "가열",
  예열: "예열",
  보온: "보온",
  보냉: "보냉",
  대기: "대기",
  재생: "재생",
  "배터리 지속 시간": "사용",
};

/** Acts that 好 before them makes easy (好携带 -> 휴대하기 좋은). */
const EASY_ACTS = new Set(
  "휴대 세척 수납 보관 관리 설치 조립 청소 세탁 사용 코디 착용 소화 흡수 보관 운반 이동 정리 손질".split(" "),
);

const CAUSATIVE = new Set(["让", "使", "令", "使得"]);
/** Chinese degree words that are adverbs before a quality and adjectives elsewhere (特别的礼物). */
const DEGREE_BEFORE_QUALITY: Record<string, string> = { 特别: "특히", 格外: "특히", 尤其: "특히" };

/**
 * Chinese words whose Korean depends on their neighbours:
 * - 让/使 + noun + (更) + quality is what the product does to the noun: 让肌肤更水润 -> 피부를 더
 *   촉촉하게 (the object takes 을/를, the quality its adverb ending);
 * - 每 before a quantity is 당 after it: 每100克 -> 100g당, 每袋 -> 봉지당;
 * - 特别 before a quality is the adverb 특히 (特别耐用 -> 특히 튼튼한, not 특별하고 튼튼한).
 */
function chineseKorean(pieces: Piece[]): void {
  const phraseEnd = (p: Piece | undefined) => !p || p.token.kind === "space" || p.token.kind === "punct";
  for (let i = 0; i < pieces.length; i++) {
    const w = pieces[i] as Piece;
    const src = w.token.src;
    if (CAUSATIVE.has(src) && w.token.kind === "lex") {
      let j = i + 1;
      const nouns: Piece[] = [];
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.pos === "n" &&
        !isModifierForm(pieces[j]?.text.split(" ").at(-1) ?? "") &&
        /[\p{Script=Hangul}]$/u.test(pieces[j]?.text ?? "")
      )
        nouns.push(pieces[j++] as Piece);
      if (!nouns.length) continue;
      if (pieces[j]?.text === "더" || pieces[j]?.text === "더욱") j++;
      const quality = pieces[j];
      if (quality?.token.kind !== "lex" || !phraseEnd(pieces[j + 1])) continue;
      const last = quality.text.split(" ").at(-1) ?? "";
      const connective = toConnective(last);
      if (!connective) continue;
      const noun = nouns.at(-1) as Piece;
      // 让宝宝睡得更香: the noun does the act (아기가 더 푹 자게); 让肌肤更水润: it is made so (피부를).
      noun.text = `${noun.text}${pickParticle(noun.text, last.endsWith("는") ? "이/가" : "을/를")}`;
      quality.text = `${quality.text.slice(0, quality.text.length - last.length)}${connective.slice(0, -1)}게`;
    } else if (src === "每" && w.token.kind === "lex") {
      const next = pieces[i + 1];
      if (!next || next.glueBefore) continue;
      const quantity =
        next.token.kind === "rule" ||
        next.token.kind === "number" ||
        (next.token.kind === "lex" && (next.token.pos === "cl" || next.token.number !== undefined));
      if (!quantity || !/[\p{Script=Hangul}a-zA-Z0-9]$/u.test(next.text)) continue;
      // 每3个月: the counter after the number closes the quantity, and a span of time recurs (3개월마다).
      const unit =
        next.token.kind === "number" && pieces[i + 2]?.token.pos === "cl" ? pieces[i + 2] : undefined;
      const last = unit ?? next;
      w.text = "";
      last.text = `${last.text}${/(개월|일|주|시간|년|분)$/.test(last.text) ? "마다" : "당"}`;
    } else if (src === "给" && w.token.kind === "lex" && w.text === "") {
      // 给宝宝最好的呵护: the one it is for takes 에게 (아기에게 최고의 케어) when more follows.
      let j = i + 1;
      const noun = (p: Piece | undefined) =>
        p?.token.kind === "lex" &&
        p.token.pos === "n" &&
        !p.glueAfter &&
        !/의$/.test(p.text) &&
        !isModifierForm(p.text.split(" ").at(-1) ?? "");
      while (noun(pieces[j])) j++;
      const to = pieces[j - 1];
      if (j === i + 1 || !to || phraseEnd(pieces[j]) || !/[\p{Script=Hangul}]$/u.test(to.text)) continue;
      if (/에게$/.test(to.text)) continue;
      to.text = `${to.text}에게`;
    } else if ((src === "得" || src === "得很") && w.token.kind === "lex" && w.text === "") {
      // 洗得很干净, 穿得更舒服: how well it is done goes before the act (깨끗하게 세척, 더 편안하게 착용).
      const act = pieces[i - 1];
      let j = i + 1;
      const degree = /^(더|매우|아주|정말|더욱|가장)$/.test(pieces[j]?.text ?? "") ? pieces[j++] : undefined;
      const quality = pieces[j];
      if (act?.token.kind !== "lex" || quality?.token.kind !== "lex" || !phraseEnd(pieces[j + 1])) continue;
      const last = quality.text.split(" ").at(-1) ?? "";
      const connective = toConnective(last);
      if (!connective || /[\s]/.test(quality.text.trim()) || act.text === "") continue;
      const adverb = `${connective.slice(0, -1)}게`;
      quality.text = `${adverb} ${act.text}`;
      act.text = "";
      if (degree) {
        degree.text = `${degree.text} ${quality.text}`;
        quality.text = "";
      }
    } else if ((src === "与" || src === "和" || src === "及") && w.token.kind === "lex") {
      // 舒适与时尚: two qualities are joined by the connective ending, not 과/와 (편안하고 패셔너블한).
      const before = pieces[i - 1]?.text.split(" ").at(-1) ?? "";
      const after = pieces[i + 1]?.text.split(" ").at(-1) ?? "";
      if (toConnective(before) && toConnective(after)) w.text = "";
    } else if (src === "好" && w.token.kind === "lex") {
      // 好携带, 好收纳: easy to do (휴대하기 좋은), not a good carrying.
      const next = pieces[i + 1];
      if (next?.token.kind !== "lex" || !EASY_ACTS.has(next.text) || !phraseEnd(pieces[i + 2])) continue;
      w.text = "";
      next.text = `${next.text}하기 좋은`;
    } else if (src === "第一" && w.token.kind === "lex") {
      // 第一双鞋: the first pair is 첫 신발 (a counter after 第一 is not a second word); alone it is 1위.
      const next = pieces[i + 1];
      if (next?.token.kind !== "lex" || next.token.pos === "p") continue;
      w.text = "첫";
      if (next.token.pos === "cl" && pieces[i + 2]?.token.kind === "lex") next.text = "";
    } else if (src === "的" && w.token.kind === "lex" && w.text === "") {
      // 妈妈的味道: what belongs to a person takes 의 (엄마의 맛).
      const owner = pieces[i - 1];
      const next = pieces[i + 1];
      if (
        owner?.token.kind === "lex" &&
        next?.token.kind === "lex" &&
        PERSON.test(owner.text) &&
        !owner.glueAfter
      )
        owner.text = `${owner.text}의`;
    } else if (src === "比" && w.token.kind === "lex") {
      // 比双十一还便宜: the thing compared with takes 보다 (광군제보다 더 저렴한); 比普通款大30%: a
      // one-character quality after it is the comparative, the amount before it (일반형보다 30% 더 큰).
      let j = i + 1;
      const more = (p: Piece | undefined) => p?.text === "더" || !!p?.text.startsWith("더 ");
      const bare = (p: Piece | undefined) => p?.token.kind === "lex" && !!PREDICATE[p.token.src];
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.pos === "n" &&
        !more(pieces[j]) &&
        !(j > i + 1 && bare(pieces[j]))
      )
        j++;
      const than = pieces[j - 1];
      if (j === i + 1 || !than || !(more(pieces[j]) || bare(pieces[j]))) continue;
      than.text = `${than.text}보다`;
      const quality = pieces[j] as Piece;
      if (!bare(quality)) continue;
      const amount = pieces[j + 1];
      const measured =
        (amount?.token.kind === "rule" || amount?.token.kind === "number") && phraseEnd(pieces[j + 2]);
      quality.text = `더 ${PREDICATE[quality.token.src]}`;
      if (measured && amount) {
        amount.text = `${amount.text} ${quality.text}`;
        quality.text = "";
      }
    } else if (EVERY_TIME[src] && w.token.kind === "lex") {
      // 每次1-2粒, 每日两次: how much at a time is 1회 (1회 1-2정), in a day 하루 (하루 2회); 只需
      // between them adds nothing a Korean label says (每次只需2粒: 1회 2정).
      let j = i + 1;
      if (pieces[j]?.token.src === "只需" || pieces[j]?.token.src === "只要") j++;
      const next = pieces[j];
      const quantity = next?.token.kind === "number" || next?.token.kind === "rule";
      if (!quantity || !/^\d/.test(next?.text ?? "")) continue;
      w.text = EVERY_TIME[src] as string;
      if (j > i + 1) (pieces[i + 1] as Piece).text = "";
    } else if (src === "倍" && w.token.kind === "lex" && pieces[i - 1]?.token.src === "一") {
      // 提升一倍, 增加一倍: raised by one time its size is twice as much (2배 향상).
      const by = pieces[i + 1];
      if (by?.token.kind === "lex" && INCREASE.has(by.token.src)) (pieces[i - 1] as Piece).text = "2";
    } else if (ACTS_WITH_DURATION[w.text] && w.token.kind === "lex" && !w.glueAfter) {
      // 充电2小时: Korean says how long before the act (2시간 충전), as for 用7天 (7일 사용).
      let end = i + 1;
      if (pieces[end]?.token.kind === "number" && pieces[end + 1]?.token.pos === "cl") end++;
      const last = pieces[end];
      const duration = /^(\d.*)?(시간|분|초|일|주|개월|년)$/.test(last?.text ?? "");
      if (last && duration && (end > i + 1 || last.token.kind === "rule")) {
        last.text = `${last.text} ${ACTS_WITH_DURATION[w.text]}`;
        w.text = "";
      }
    } else if (DEGREE_BEFORE_QUALITY[src] && w.token.kind === "lex") {
      const next = pieces[i + 1];
      if (next?.token.kind === "lex" && isQuality(next.text.split(" ")[0] ?? ""))
        w.text = DEGREE_BEFORE_QUALITY[src] as string;
    }
  }
}

/** 每次 and 每天 before a quantity: at a time (1회) and in a day (하루). */
const EVERY_TIME: Record<string, string> = { 每次: "1회", 每天: "하루", 每日: "하루" };
/** Verbs that raise an amount: 提升一倍 is twice as much (2배), not once. */
const INCREASE = new Set(["提升", "提高", "增加", "增长", "翻", "延长"]);

/** A Korean quality word, including the one-syllable ones (긴, 큰) the noun test leaves out. */
const isQuality = (word: string) => isModifierForm(word) || /^(긴|큰|센|짧은|작은)$/.test(word);

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
 * Two pieces that say the same word back to back (便携式 + 榨汁杯: 휴대용 + 휴대용 블렌더) write it once.
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
