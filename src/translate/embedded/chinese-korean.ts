/**
 * Chinese -> Korean phrase structure that the word-for-word assembly cannot see: passes over the tokens
 * before and after the verbs move (在 + place is 에서, 请 + act is a request, 用 + tool is 으로/로, a count
 * follows its noun, a quality after its noun goes in front) and over the written pieces (让 + noun +
 * quality, 每 + quantity, 比, 得, 给, ...), with the Chinese word sets they test. Kept apart from
 * assemble.ts so that the language-neutral assembly reads on its own and this one pair's grammar, which
 * grows with every dev round, has one home.
 */

import { PREDICATE } from "./chinese-predicates.ts";
import {
  isModifierForm,
  isQuality,
  pickParticle,
  toConditional,
  toConnective,
  toRequest,
  toSequential,
  toTheMore,
} from "./hangul.ts";
import type { Piece, Token } from "./tokens.ts";

/** Chinese nouns a verb qualifies rather than governs (使用时间 is usage time, not using time). */
export const COMPOUND_HEADS = new Set([
  ..."时间 方法 方式 说明 说明书 场景 场合 范围 寿命 次数 效果 人群 对象 年龄 步骤 过程 教程 视频 环境 条件 地点 空间 区域 温度 速度 记录 功能 模式 按钮 时长 前 后 中 神器 好物 用品 工具 必备 利器 达人".split(
    " ",
  ),
]);

/** What a product is made by, after 为/专为 and its object (专为亚洲人设计). */
export const MAKING = new Set([
  "设计",
  "研发",
  "打造",
  "定制",
  "制作",
  "生产",
  "开发",
  "研制",
  "而生",
  "量身定制",
]);

export const PROHIBITIONS = new Set(["请勿", "禁止", "切勿", "勿", "不可", "不要", "严禁", "不宜"]);
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

/** A glued Korean particle piece that moves with the words before it (~에, ~으로/로 인해). */
const particlePiece = (ko: string): Token =>
  ({ src: "", kind: "lex", pos: "n", entry: { out: { ko }, pos: "n", kind: "glossary" } }) as Token;

/**
 * 在高温环境下使用: 在 + place (+ 下/中/里) is a place phrase, 고온 환경에서 (에 before keeping: 서늘한 곳에
 * 보관). It becomes the place followed by a glued particle piece that counts as part of an object.
 */
export function locatives(out: Token[]): void {
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
      out.splice(i - 1, end - i + 1, ...place, particlePiece("~에"), keep);
      continue;
    }
    let end = i + 1;
    while (
      out[end]?.kind === "lex" &&
      out[end]?.pos === "n" &&
      !LOCALIZERS.has(out[end]?.src ?? "") &&
      !KEEPING.has(out[end]?.src ?? "") &&
      !isPredicate(out[end])
    )
      end++;
    if (end === i + 1) continue;
    const localizer = LOCALIZERS.has(out[end]?.src ?? "") ? 1 : 0;
    const after = out[end + localizer];
    // 在通风处晾干: an act of keeping written as a noun (자연 건조) takes its place too.
    if (!after || (after.pos !== "v" && !KEEPING.has(after.src))) continue;
    out.splice(end, localizer, particlePiece(KEEPING.has(after.src) ? "~에" : "~에서"));
    out.splice(i, 1);
  }
}

/**
 * 因 + cause: the cause comes first in Korean and closes on 原因 or 问题 (因光线问题 -> 조명 문제로 인해)
 * or on 不同, which says that it varies with it (因显示器不同 -> 모니터에 따라). Without such an end in
 * its phrase 因 stays as it is.
 */
export function causes(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src !== "因" || t.kind !== "lex") continue;
    for (let j = i + 1; j < out.length; j++) {
      const s = out[j]?.src ?? "";
      if (out[j]?.kind === "space" || out[j]?.kind === "punct") break;
      if (/(原因|问题|缘故)$/.test(s)) out.splice(j + 1, 0, particlePiece("~으로/로 인해"));
      else if (s === "不同") out.splice(j, 1, particlePiece("~에 따라"));
      else if (!s.endsWith("不同")) continue;
      out.splice(i, 1);
      break;
    }
  }
}

/** Results a Chinese verb states after itself (清洗干净), and the Korean adverb written before the act. */
const RESULTS: Record<string, string> = { 干净: "깨끗이", 均匀: "골고루", 彻底: "완전히" };
const isAct = (t: Token | undefined) =>
  !!t && t.kind === "lex" && (t.pos === "v" || /(기|세요)$/.test(t.entry?.out.ko ?? ""));

/** 清洗干净, 冲洗干净: the result is how the act is done (깨끗이 세척), not a quality of what follows. */
export function resultComplements(out: Token[]): void {
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
export function placesAfterVerbs(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const verb = out[i - 1];
    // 放入锅中, 倒进杯里: a verb of putting into takes its place the same way (냄비에 넣기).
    const into = t.kind === "lex" && t.pos === "v" && /[入进]$/.test(t.src) && t.src.length === 2;
    if (!into && (t.src !== "于" || t.kind !== "lex" || !isAct(verb))) continue;
    let end = i + 1;
    // 涂抹于干净的肌肤上: the place may be described (的) and close on a localizer, which 에 says.
    while (
      out[end]?.kind === "lex" &&
      (out[end]?.pos === "n" || (out[end]?.src === "的" && end > i + 1)) &&
      !isPredicate(out[end]) &&
      !LOCALIZERS.has(out[end]?.src ?? "")
    )
      end++;
    const localizer = end > i + 1 && LOCALIZERS.has(out[end]?.src ?? "") ? 1 : 0;
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
    out.splice(i - 1, end + localizer - i + 1, ...place, particle, verb as Token);
  }
}

/**
 * 用清水冲洗, 用湿布擦拭: 用 before a thing and an act is what the act is done with (물로 헹구기), not a
 * second act (사용).
 */
export function instruments(out: Token[]): void {
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
export function requests(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src !== "请" || t.kind !== "lex") continue;
    let end = i + 1;
    // A clause made by the passes before (取出滤网 | 清洗) does not end the request.
    while (out[end] && (out[end] === CLAUSE_END || !phraseEnds(out[end]))) end++;
    // The act is the phrase's last verb, or an act noun closing it (请按照说明书操作: 조작하세요).
    let at = -1;
    for (let j = i + 1; j < end; j++) if (out[j]?.pos === "v" && !CLAUSE_VERBS.has(out[j] as Token)) at = j;
    if (end - 1 > i && REQUESTED_ACTS.test(out[end - 1]?.entry?.out.ko ?? "")) at = end - 1;
    const act = out[at];
    const korean = act?.entry?.out.ko;
    if (!act?.entry || !korean || korean.includes(" … ")) continue;
    // 请存放于阴凉处: a verb of putting keeps its glued place particle (~에 보관하세요).
    const place = /^~에 (?=\S+$)/.exec(korean)?.[0] ?? "";
    if (korean.startsWith("~") && !place) continue;
    const request = toRequest(korean.slice(place.length));
    if (request)
      out[at] = { ...act, entry: { ...act.entry, out: { ...act.entry.out, ko: `${place}${request}` } } };
  }
}

const phraseEnds = (t: Token | undefined) => !t || t.kind === "space" || t.kind === "punct";
const withKorean = (t: Token, ko: string, pos = t.pos): Token =>
  ({ ...t, pos, entry: t.entry && { ...t.entry, pos, out: { ...t.entry.out, ko } } }) as Token;
/** A space the assembly adds to end a clause (按下按钮 | 即可出水), so a verb's object stops there. */
const CLAUSE_END: Token = { src: "", kind: "space", pos: "n" };
const ONLY = new Set(["只需", "只要", "仅需", "只需要"]);
/** Acts made into a clause before another act (누르면, 꺼내): they take 을/를 and are no request. */
export const CLAUSE_VERBS = new WeakSet<Token>();

/**
 * 按下按钮即可出水, 扫码即可连接: 即可 after an act makes it the condition of what follows (버튼을 누르면
 * 바로 출수, QR 코드 스캔하면 바로 연결), or of the phrase being done (加热即可: 가열하면 됩니다); 只需 before
 * the act adds nothing a Korean callout says.
 */
export function conditions(out: Token[]): void {
  for (let k = 1; k < out.length; k++) {
    const t = out[k] as Token;
    if (t.src !== "即可" || t.kind !== "lex") continue;
    let start = k;
    while (start > 0 && !phraseEnds(out[start - 1])) start--;
    let at = -1;
    for (let j = start; j < k; j++) if (out[j]?.pos === "v" && out[j]?.entry?.out.ko) at = j;
    if (at < 0 && out[k - 1]?.kind === "lex") at = k - 1;
    const act = out[at];
    const korean = act?.entry?.out.ko;
    if (!act || !korean || korean.includes(" … ") || korean.startsWith("~")) continue;
    const condition = toConditional(korean);
    if (!condition) continue;
    out[at] = withKorean(act, condition);
    CLAUSE_VERBS.add(out[at] as Token);
    const more = !phraseEnds(out[k + 1]);
    out[k] = withKorean(t, more ? "바로" : "됩니다", "m");
    if (ONLY.has(out[start]?.src ?? "") && start < at) out[start] = withKorean(out[start] as Token, "");
    out.splice(k, 0, CLAUSE_END);
    k++;
  }
}

/** Sino-Korean acts that close a phrase as its last step (꺼내 세척, 두 번 누르면 일시정지). */
const CLOSING_ACTS = new RegExp(
  `${REQUESTED_ACTS.source.slice(0, -2)}|일시정지|재생|전환|작동|연결|잠금|해제|시작|정지|가열|헹굼|탈수|분리|설치|조립|켜기|끄기)$`,
);

/** Pressing acts, whose clause before another act is a condition (短按切换模式: 짧게 누르면 모드 전환). */
const PRESSES = new Set([
  "按",
  "按下",
  "按压",
  "短按",
  "长按",
  "轻按",
  "双击",
  "单击",
  "点击",
  "按住",
  "触摸",
]);

/**
 * 取出滤网清洗, 长按电源键3秒关机: Chinese strings acts one after another; Korean joins the first to the
 * next with -아/-어 (필터를 꺼내 세척) or, for a press, as its condition (전원 버튼을 3초 길게 누르면 전원
 * 끄기). Only a native act (a -기 form) is joined; its object ends where the next act starts.
 */
export function serialVerbs(out: Token[]): void {
  // An act noun closing the phrase is the next act (取出滤网清洗: 세척), not part of the object.
  const closingAct = (at: number) =>
    CLOSING_ACTS.test(out[at]?.entry?.out.ko ?? "") && phraseEnds(out[at + 1]);
  const between = (at: number) => {
    const t = out[at];
    if (!t || closingAct(at)) return false;
    if (t.kind === "number" || t.kind === "rule" || t.kind === "latin") return true;
    return t.kind === "lex" && (t.pos === "n" || t.pos === "m" || t.pos === "cl");
  };
  for (let i = 0; i < out.length; i++) {
    const first = out[i] as Token;
    const korean = first.entry?.out.ko ?? "";
    if (first.kind !== "lex" || first.pos !== "v" || !/기$/.test(korean) || CLAUSE_VERBS.has(first)) continue;
    if (MODALS.has(first.src) || PROHIBITIONS.has(first.src)) continue;
    let end = i + 1;
    while (between(end)) end++;
    const next = out[end];
    const nextKorean = next?.entry?.out.ko ?? "";
    const act =
      next?.kind === "lex" &&
      nextKorean !== "" &&
      !MODALS.has(next.src) &&
      !PROHIBITIONS.has(next.src) &&
      (next.pos === "v" || closingAct(end));
    if (!act) continue;
    const joined = PRESSES.has(first.src) ? toConditional(korean) : toSequential(korean);
    if (!joined) continue;
    out[i] = withKorean(first, joined);
    CLAUSE_VERBS.add(out[i] as Token);
    out.splice(end, 0, CLAUSE_END);
  }
}

/** 一次装满, 一次搞定: 一次 before an act is all at once (한 번에 가득 채우기), not one time. */
export function onceBeforeActs(out: Token[]): void {
  for (let i = 0; i + 1 < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind === "lex" && t.src === "一次" && out[i + 1]?.pos === "v") out[i] = withKorean(t, "한 번에");
  }
}

/** Chinese acts that 越…越… says with a native Korean verb (越用越亮: 쓸수록, not 사용할수록). */
const NATIVE_ACTS: Record<string, string> = {
  用: "쓰기",
  洗: "빨기",
  穿: "입기",
  睡: "자기",
  嚼: "씹기",
  泡: "우리기",
  闻: "맡기",
  听: "듣기",
  住: "살기",
};
const EATING = new Set(["吃", "嚼", "喝", "品", "尝"]);

/**
 * 越用越亮, 越穿越舒服: the more one does the act, the more the quality (쓸수록 밝은, 입을수록 편안한).
 * 越来越 (점점 더) is a glossary row.
 */
export function theMore(out: Token[]): void {
  for (let i = 0; i + 3 < out.length; i++) {
    if (out[i]?.src !== "越" || out[i]?.kind !== "lex") continue;
    const second = i + 2;
    if (out[second]?.src !== "越" || phraseEnds(out[second + 1])) continue;
    const act = out[i + 1] as Token;
    const quality = out[second + 1] as Token;
    const korean = act.entry?.out.ko;
    if (act.kind !== "lex" || !korean || !quality.entry?.out.ko) continue;
    const more = toTheMore(NATIVE_ACTS[act.src] ?? korean);
    if (!more) continue;
    const said =
      PREDICATE[quality.src] ?? (quality.src === "香" && EATING.has(act.src) ? "맛있는" : undefined);
    if (said) out[second + 1] = withKorean(quality, said, "n");
    out.splice(i, 3, withKorean(act, more, "n"));
  }
}

/** 配两个电池: 배터리 2개 포함, the count after the noun it counts. */
export function countsAfterNouns(out: Token[]): void {
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

/** Verbs that take the act after them, with its object: modals, and 开始 (开始使用 -> 사용 시작). */
export const MODALS = new Set(["可", "可以", "能", "能够", "会", "开始"]);
/** 不发烫, 不变形: a negated quality; 不锈钢 is a material and 不同 (different) a modifier. */
export const isPredicate = (t: Token | undefined) =>
  !!t && t.src.startsWith("不") && !t.src.startsWith("不锈") && !t.src.startsWith("不同");

/** Korean words for people and pets, which take 에게 rather than 에. */
export const PERSON =
  /(직장인|노인|성인|임산부|학생|수험생|아기|어린이|아이|엄마|아빠|여성|남성|아동|유아|신생아|어르신|부모님|사람|반려견|반려동물|강아지|고양이|남자친구|여자친구|가족|초보자|선수|고객|가정|소비자|사용자|회원|당신)$/;

/** Chinese verbs that govern even a noun of COMPOUND_HEADS (附说明书 is 설명서 포함, not a kind of manual). */
export const GOVERNING = new Set([
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

export const OBJECT_PARTICLE: Token = {
  src: "",
  kind: "lex",
  pos: "p",
  entry: { out: { ko: "을/를" }, pos: "p", kind: "glossary" },
} as Token;

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
export function predicates(out: Token[]): void {
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

/** Degree words that go to the front with the quality after them. */
const FRONTED_DEGREE = new Set(["更", "更加", "很", "非常", "十分", "超", "特别"]);

/**
 * Chinese states a quality after its noun (送货快, 包装精美, 连接稳定); a Korean callout puts the
 * modifier first (빠른 배송, 고급스러운 포장, 안정적인 연결). Within one phrase (between spaces and
 * punctuation) of one to three nouns and a closing adjective, the adjective moves to the front.
 */
export function fronting(out: Token[]): void {
  let start = 0;
  for (let i = 0; i <= out.length; i++) {
    const t = out[i];
    if (t && t.kind !== "space" && t.kind !== "punct") continue;
    const phrase = out.slice(start, i);
    // A degree word before the quality goes with it (动力更强 -> 더 강한 동력, 颜色非常鲜艳).
    const degree = phrase.length >= 3 && FRONTED_DEGREE.has(phrase.at(-2)?.src ?? "") ? 1 : 0;
    if (phrase.length >= 2 + degree && phrase.length <= 4 + degree) {
      const last = phrase.at(-1) as Token;
      const nouns = phrase.slice(0, -1 - degree);
      const korean = (x: Token) => x.entry?.out.ko ?? "";
      if (
        last.kind === "lex" &&
        last.pos !== "v" &&
        last.pos !== "p" &&
        isQuality(korean(last).split(" ").at(-1) ?? "") &&
        // An action verb's modifier (좋아하는) describes someone, not the noun; 좋은 stays behind its
        // noun as shops write it (신축성 좋은).
        (!/(는|좋은)$/.test(korean(last)) || /^더 좋은$/.test(korean(last))) &&
        nouns.every(
          (x) =>
            x.kind === "lex" &&
            x.pos === "n" &&
            x.src.length >= 2 &&
            korean(x) !== "" &&
            !/[~]/.test(korean(x)) &&
            !isQuality(korean(x).split(" ").at(-1) ?? ""),
        )
      ) {
        out.splice(start, phrase.length, ...phrase.slice(-1 - degree), ...nouns);
      }
    }
    start = i + 1;
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
  "사용 시간": "사용",
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
export function chineseKorean(pieces: Piece[]): void {
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
    } else if (src === "体验" && w.token.kind === "lex") {
      // 更好的体验, 不一样的体验: described, the experience is 경험; as an act it stays 체험 (免费体验).
      let k = i - 1;
      while (pieces[k]?.text === "" && pieces[k]?.token.kind === "lex") k--;
      const before = pieces[k]?.text.split(" ").at(-1) ?? "";
      if (before && isModifierForm(before)) w.text = w.text.replace(/^체험/, "경험");
    } else if ((src === "给你" || src === "给您") && w.token.kind === "lex" && phraseEnd(pieces[i - 1])) {
      // 给你更好的体验, 给你满满的幸福感: a phrase that gives the reader a thing offers it (더 좋은 경험을
      // 선사합니다), never 당신에게 before a bare noun phrase.
      if (pieces[i + 1]?.token.src === "的") continue;
      let j = i + 1;
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.number === undefined &&
        !/^[一两几]/.test(pieces[j]?.token.src ?? "") &&
        (pieces[j]?.token.pos === "n" || pieces[j]?.token.pos === "m" || pieces[j]?.text === "")
      )
        j++;
      const last = pieces[j - 1];
      if (j === i + 1 || !last || !phraseEnd(pieces[j]) || last.token.pos !== "n") continue;
      const word = last.text.split(" ").at(-1) ?? "";
      if (!/^[\p{Script=Hangul}]+$/u.test(word) || isModifierForm(word)) continue;
      w.text = "";
      last.text = `${last.text}${pickParticle(word, "을/를")} 선사합니다`;
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
    } else if (src === "好物" && w.token.kind === "lex") {
      // 露营好物, 夏日必备清凉好物: the good things of a use or a season are its items (캠핑 아이템).
      const prev = pieces[i - 1];
      if (
        prev?.token.kind === "lex" &&
        prev.token.pos !== "v" &&
        !phraseEnd(prev) &&
        !/^좋은/.test(prev.text)
      )
        w.text = "아이템";
    } else if ((src === "不伤" || src === "不烫") && w.token.kind === "lex") {
      // 不伤牙龈, 不烫头皮: what is not harmed or burnt is said first (잇몸 손상 없는, 두피가 뜨겁지 않은),
      // never the quality of a harmless gum.
      const next = pieces[i + 1];
      if (next?.token.kind !== "lex" || next.token.pos !== "n" || !phraseEnd(pieces[i + 2])) continue;
      if (!/^[\p{Script=Hangul}]+$/u.test(next.text)) continue;
      const said = src === "不伤" ? "손상 없는" : "뜨겁지 않은";
      w.text = src === "不伤" ? next.text : `${next.text}${pickParticle(next.text, "이/가")}`;
      next.text = said;
    } else if (src === "轻松" && w.token.kind === "lex") {
      // 轻松收纳: an act that closes its phrase after 轻松 is made easy (간편한 수납), not done easily.
      const next = pieces[i + 1];
      if (next?.token.kind === "lex" && EASY_ACTS.has(next.text) && phraseEnd(pieces[i + 2]))
        w.text = "간편한";
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
    } else if (/(^| )(무첨가|불포함)$/.test(w.text) && /^(不含|不添加|无添加)/.test(src)) {
      // 不含香精色素: a row that says what is left out (향료 무첨가) lists the next nouns
      // of its phrase too, so 무첨가 closes the list (향료 색소 무첨가).
      let j = i + 1;
      while (
        pieces[j]?.token.kind === "lex" &&
        pieces[j]?.token.pos === "n" &&
        /^[\p{Script=Hangul}]+$/u.test(pieces[j]?.text ?? "")
      )
        j++;
      if (j === i + 1 || !phraseEnd(pieces[j])) continue;
      const suffix = w.text.split(" ").at(-1) as string;
      w.text = w.text.slice(0, -suffix.length).trim();
      const last = pieces[j - 1] as Piece;
      last.text = `${last.text} ${suffix}`;
    } else if (
      w.token.kind === "rule" &&
      /^\d+(\.\d+)?%$/.test(src) &&
      MATERIAL.test(pieces[i + 1]?.token.src ?? "")
    ) {
      // 95%棉 5%氨纶: a composition names the material first in Korean (면 95% 스판덱스 5%).
      const material = pieces[i + 1] as Piece;
      const after = pieces[i + 2];
      if (material.token.kind !== "lex" || !(phraseEnd(after) || after?.token.kind === "rule")) continue;
      [w.text, material.text] = [material.text, w.text];
    } else if (AFTER_SPAN[src] && w.token.kind === "lex") {
      // 一年保養, 機身保養兩年: with a span of time, Hong Kong's 保養 is a warranty (1년 보증), not care;
      // 1-2天到貨 is delivered in that time (1-2일 도착), not stock come in (입고).
      const span = (p: Piece | undefined) => /^(\d[\d.~-]*)?(년|개월|주|일|시간)$/.test(p?.text ?? "");
      if (span(pieces[i - 1]) || (pieces[i + 1]?.token.kind === "number" && span(pieces[i + 2])))
        w.text = AFTER_SPAN[src] as string;
    } else if (DEGREE_BEFORE_QUALITY[src] && w.token.kind === "lex") {
      const next = pieces[i + 1];
      if (next?.token.kind === "lex" && isQuality(next.text.split(" ")[0] ?? ""))
        w.text = DEGREE_BEFORE_QUALITY[src] as string;
    }
  }
}

/** Words that mean something else beside a span of time. */
const AFTER_SPAN: Record<string, string> = { 保养: "보증", 到货: "도착" };

/** Chinese material words a composition gives a percentage of (棉, 羊毛, 聚酯纤维, 白鸭绒, 真丝, 牛皮). */
const MATERIAL = /[棉毛绒纶丝麻皮]|纤维|莫代尔|天丝|尼龙|乳胶|硅胶/;

/** 每次 and 每天 before a quantity: at a time (1회) and in a day (하루). */
const EVERY_TIME: Record<string, string> = { 每次: "1회", 每天: "하루", 每日: "하루" };
/** Verbs that raise an amount: 提升一倍 is twice as much (2배), not once. */
const INCREASE = new Set(["提升", "提高", "增加", "增长", "翻", "延长"]);
