/**
 * Chinese -> Korean clauses over the tokens: a request and the act it asks for, a condition before
 * what follows it, and acts strung one after another, the first joined to the next.
 */
import { toConditional, toRequest, toSequential } from "../../hangul.ts";
import type { Token } from "../../tokens.ts";
import { CLAUSE_END, CLAUSE_VERBS, phraseEnds, withKorean } from "./token-helpers.ts";
import { KO, RE, SETS, SRC } from "./words.ts";

/**
 * "Please" asks for the act that closes its phrase, so the phrase's last verb takes the polite request;
 * a phrase that ends on an act noun takes "please do" (examples: zh-ko-examples.json, clause-passes/requests).
 */
export function requests(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.src !== SRC.please || t.kind !== "lex") continue;
    let end = i + 1;
    // A clause made by the passes before (take out the filter | wash) does not end the request.
    while (out[end] && (out[end] === CLAUSE_END || !phraseEnds(out[end]))) end++;
    // The act is the phrase's last verb, or an act noun closing it (operate as the manual says).
    let at = -1;
    for (let j = i + 1; j < end; j++) if (out[j]?.pos === "v" && !CLAUSE_VERBS.has(out[j] as Token)) at = j;
    if (end - 1 > i && RE.requestedActs.test(out[end - 1]?.entry?.out.ko ?? "")) at = end - 1;
    const act = out[at];
    const korean = act?.entry?.out.ko;
    if (!act?.entry || !korean || korean.includes(" … ")) continue;
    // Please keep in a cool place: a verb of putting keeps its glued place particle.
    const place = RE.placeParticle.exec(korean)?.[0] ?? "";
    if (korean.startsWith("~") && !place) continue;
    const request = toRequest(korean.slice(place.length));
    if (request)
      out[at] = { ...act, entry: { ...act.entry, out: { ...act.entry.out, ko: `${place}${request}` } } };
  }
}

/**
 * "Then it is done" after an act makes the act the condition of what follows (press the button and
 * water comes), or of the phrase being done (heat it and that is all); "only need" before
 * the act adds nothing a Korean callout says.
 */
export function conditions(out: Token[]): void {
  for (let k = 1; k < out.length; k++) {
    const t = out[k] as Token;
    if (t.src !== SRC.thenDone || t.kind !== "lex") continue;
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
    out[k] = withKorean(t, more ? KO.rightAway : KO.done, "m");
    if (SETS.only.has(out[start]?.src ?? "") && start < at) out[start] = withKorean(out[start] as Token, "");
    out.splice(k, 0, CLAUSE_END);
    k++;
  }
}

/**
 * Chinese strings acts one after another; Korean joins the first to the next with its -a/-eo form (take
 * the filter out and wash it) or, for a press, as its condition (hold the power button 3 seconds and it
 * switches off). Only a native act (a -gi form) is joined; its object ends where the next act starts.
 */
export function serialVerbs(out: Token[]): void {
  // An act noun closing the phrase is the next act (washing), not part of the object.
  const closingAct = (at: number) =>
    RE.closingActs.test(out[at]?.entry?.out.ko ?? "") && phraseEnds(out[at + 1]);
  const between = (at: number) => {
    const t = out[at];
    if (!t || closingAct(at)) return false;
    if (t.kind === "number" || t.kind === "rule" || t.kind === "latin") return true;
    return t.kind === "lex" && (t.pos === "n" || t.pos === "m" || t.pos === "cl");
  };
  for (let i = 0; i < out.length; i++) {
    const first = out[i] as Token;
    const korean = first.entry?.out.ko ?? "";
    if (first.kind !== "lex" || first.pos !== "v" || !RE.nativeAct.test(korean) || CLAUSE_VERBS.has(first))
      continue;
    if (SETS.modals.has(first.src) || SETS.prohibitions.has(first.src)) continue;
    let end = i + 1;
    while (between(end)) end++;
    const next = out[end];
    const nextKorean = next?.entry?.out.ko ?? "";
    const act =
      next?.kind === "lex" &&
      nextKorean !== "" &&
      !SETS.modals.has(next.src) &&
      !SETS.prohibitions.has(next.src) &&
      (next.pos === "v" || closingAct(end));
    if (!act) continue;
    const joined = SETS.presses.has(first.src) ? toConditional(korean) : toSequential(korean);
    if (!joined) continue;
    out[i] = withKorean(first, joined);
    CLAUSE_VERBS.add(out[i] as Token);
    out.splice(end, 0, CLAUSE_END);
  }
}

/**
 * A shop act (order, buy, follow) before what it earns (a price, a gift, a discount, a coupon, priority
 * shipping) is the condition of it, said "on ordering" (KO.when after the act): buy and get a gift, order
 * today for 188.
 * The act keeps its own object (follow the shop) and ends its clause there.
 */
export function purchaseConditions(out: Token[]): void {
  const money = (at: number) => {
    const t = out[at];
    if (t?.kind === "rule") return RE.money.test(t.src) && !SETS.thresholds.has(Array.from(t.src)[0] ?? "");
    return t?.kind === "number" && RE.money.test(out[at + 1]?.src ?? "");
  };
  const earns = (at: number) => money(at) || SETS.rewards.has(out[at]?.src ?? "");
  for (let i = 0; i < out.length; i++) {
    const act = out[i] as Token;
    const korean = act.entry?.out.ko ?? "";
    if (act.kind !== "lex" || !RE.purchaseAct.test(korean) || korean.startsWith("~")) continue;
    let end = i + 1;
    // A verb's object (follow the shop) comes before what it earns; a noun act earns right after it.
    while (act.pos === "v" && out[end]?.kind === "lex" && out[end]?.pos === "n" && !earns(end)) end++;
    if (!earns(end)) continue;
    out[i] = withKorean(act, `${korean.replace(RE.actNoun, "")} ${KO.when}`);
    out.splice(end, 0, CLAUSE_END);
  }
}
