/**
 * The small template language the promotion and unit rules (resources/rules/*.json) write their outputs
 * in, parsed once when the rules load. A template is text with expressions in braces:
 *
 *   {1}            the text of capture group 1 ("" when it did not take part); {0} is the whole match
 *   {2+4}          groups 2 and 4 written one after the other
 *   {1|digits}     a filter (FILTERS below); filters chain: {1|num|ordinal}
 *   {2@unit}       a look-up in the rule's map "unit"; a map's "*" row answers for missing keys, with
 *                  "$" standing for the key
 *   {3?then}       "then" when the value is not empty; {3!else} when it is; {3?then!else} both
 *   {1=a,b?then}   the same, tested for equality with one of a, b; {0^x?...} tests a prefix, {0~x?...}
 *                  that x occurs in it
 *
 * "then" and "else" are templates themselves. A filter or look-up without an answer makes the whole
 * template undefined: the rule then has nothing to say in that language.
 */
import {
  digits,
  englishMonth,
  groupThousands,
  ordinal,
  parseAnyNumber,
  percentOffToZhe,
  zheToPercentOff,
} from "./numbers.ts";

export type Maps = Readonly<Record<string, Readonly<Record<string, string>>>>;
type Filter = (value: string) => string | undefined;

type Node = string | { groups: number[]; test?: Test; ifTrue?: Node[]; ifFalse?: Node[]; chain: Step[] };
type Test = { op: "=" | "^" | "~"; values: string[] };
type Step = { filter: Filter } | { map: string };

export type Template = (m: RegExpExecArray) => string | undefined;

const num = (v: string) => Number(v);
const defined = (n: number | undefined) => (n === undefined ? undefined : String(n));

/** Number formatting a shop's copy needs; none of them knows a language's words. */
const FILTERS: Record<string, Filter> = {
  digits,
  num: (v) => defined(parseAnyNumber(v)),
  int: (v) => String(num(v)),
  zhePct: (v) => defined(zheToPercentOff(v)),
  pctZhe: (v) => percentOffToZhe(num(v)),
  tenMinus: (v) => String(10 - num(v)),
  x10: (v) => String(num(v) * 10),
  x10000: (v) => String(num(v) * 10000),
  x1e8: (v) => String(num(v) * 1e8),
  thousands: (v) => groupThousands(num(v)),
  ordinal: (v) => ordinal(num(v)),
  month: (v) => englishMonth(num(v)),
  day: (v) => (num(v) >= 1 && num(v) <= 31 ? v : undefined),
  first: (v) => v.slice(0, 1),
  lower: (v) => v.toLowerCase(),
  halfRound: (v) => String(Math.round((num(v) / 2) * 10) / 10),
  jinWeight: (v) => {
    const n = parseAnyNumber(v);
    if (n === undefined) return undefined;
    const grams = n * 500;
    return grams >= 1000 ? `${grams / 1000}kg` : `${grams}g`;
  },
  // "1.5million", "10k": the number before the scale word, as a plain number.
  bigNumber: (v) => {
    const [, n = "", unit = ""] = /^(\d+(?:\.\d+)?)(.*)$/.exec(v) ?? [];
    const u = unit.toLowerCase();
    const scale = u === "billion" ? 1e9 : u === "million" || u === "m" ? 1e6 : 1e3;
    return String(Math.round(num(n) * scale));
  },
  // A count as Korean and Chinese write it: 10,000 is 1만 (1万), 1,000,000,000 is 10억 (10亿).
  koCount: (v) => myriads(num(v), "만", "억"),
  zhCount: (v) => myriads(num(v), "万", "亿"),
  // The unit of a duration, by how English abbreviates it (min, hrs, mos): the key of a duration map.
  durationKey: (v) => {
    const w = v.toLowerCase();
    for (const key of ["s", "min", "h", "d", "w", "mo"]) if (w.startsWith(key)) return key;
    return "y";
  },
};

function myriads(n: number, tenThousand: string, hundredMillion: string): string {
  if (n >= 1e8 && n % 1e7 === 0) return `${n / 1e8}${hundredMillion}`;
  if (n >= 1e4 && n % 1e3 === 0) return `${n / 1e4}${tenThousand}`;
  return groupThousands(n);
}

/** Parses a template; throws on a malformed one, so a bad data file fails when it loads. */
export function compileTemplate(source: string, maps: Maps, where: string): Template {
  const nodes = parse(source, where);
  for (const name of mapNames(nodes))
    if (!maps[name])
      throw new Error(`${where}: template ${JSON.stringify(source)} uses unknown map @${name}`);
  return (m) => evaluate(nodes, m, maps);
}

function mapNames(nodes: Node[]): string[] {
  return nodes.flatMap((n) =>
    typeof n === "string"
      ? []
      : [
          ...n.chain.flatMap((s) => ("map" in s ? [s.map] : [])),
          ...mapNames(n.ifTrue ?? []),
          ...mapNames(n.ifFalse ?? []),
        ],
  );
}

function parse(source: string, where: string): Node[] {
  const nodes: Node[] = [];
  let text = "";
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch !== "{") {
      text += ch;
      continue;
    }
    const close = matchingBrace(source, i, where);
    if (text) nodes.push(text);
    text = "";
    nodes.push(parseExpression(source.slice(i + 1, close), where));
    i = close;
  }
  if (text) nodes.push(text);
  return nodes;
}

function matchingBrace(source: string, open: number, where: string): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "{") depth++;
    else if (source[i] === "}" && --depth === 0) return i;
  }
  throw new Error(`${where}: unclosed brace in template ${JSON.stringify(source)}`);
}

/** Splits at the first "?" or "!" outside braces. */
function splitBranch(s: string): [string, string, string] {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "{") depth++;
    else if (ch === "}") depth--;
    else if (depth === 0 && (ch === "?" || ch === "!")) return [s.slice(0, i), ch, s.slice(i + 1)];
  }
  return [s, "", ""];
}

function parseExpression(expr: string, where: string): Node {
  const head = /^\d+(?:\+\d+)*/.exec(expr);
  if (!head) throw new Error(`${where}: expression {${expr}} must start with a group number`);
  const groups = head[0].split("+").map(Number);
  let rest = expr.slice(head[0].length);
  const chain: Step[] = [];
  while (rest[0] === "|" || rest[0] === "@") {
    const step = /^[|@]([A-Za-z0-9]+)/.exec(rest);
    if (!step?.[1]) throw new Error(`${where}: bad step in {${expr}}`);
    if (rest[0] === "@") chain.push({ map: step[1] });
    else {
      const filter = FILTERS[step[1]];
      if (!filter) throw new Error(`${where}: unknown filter |${step[1]} in {${expr}}`);
      chain.push({ filter });
    }
    rest = rest.slice(step[0].length);
  }
  if (!rest) return { groups, chain };
  let test: Test | undefined;
  if (rest[0] === "=" || rest[0] === "^" || rest[0] === "~") {
    const [value, mark, after] = splitBranch(rest.slice(1));
    test = { op: rest[0], values: rest[0] === "=" ? value.split(",") : [value] };
    rest = `${mark}${after}`;
  }
  const node: Node = { groups, chain, ...(test ? { test } : {}) };
  while (rest) {
    const mark = rest[0];
    const [branch, nextMark, after] = splitBranch(rest.slice(1));
    if (mark === "?") node.ifTrue = parse(branch, where);
    else if (mark === "!") node.ifFalse = parse(branch, where);
    else throw new Error(`${where}: cannot read {${expr}}`);
    rest = `${nextMark}${after}`;
  }
  return node;
}

function evaluate(nodes: Node[], m: RegExpExecArray, maps: Maps): string | undefined {
  let out = "";
  for (const node of nodes) {
    const s = typeof node === "string" ? node : evaluateNode(node, m, maps);
    if (s === undefined) return undefined;
    out += s;
  }
  return out;
}

/** The text of the groups, joined. */
export function groupText(m: RegExpExecArray, groups: number[]): string {
  return groups.map((g) => m[g] ?? "").join("");
}

function evaluateNode(node: Exclude<Node, string>, m: RegExpExecArray, maps: Maps): string | undefined {
  let value: string | undefined = groupText(m, node.groups);
  for (const step of node.chain) {
    if (value === undefined) return undefined;
    value = "filter" in step ? step.filter(value) : lookUp(maps, step.map, value);
  }
  if (value === undefined) return undefined;
  if (!node.ifTrue && !node.ifFalse) return value;
  const holds = node.test ? passes(node.test, value) : value !== "";
  const branch = holds ? node.ifTrue : node.ifFalse;
  return branch ? evaluate(branch, m, maps) : "";
}

function passes(test: Test, value: string): boolean {
  if (test.op === "=") return test.values.includes(value);
  if (test.op === "^") return value.startsWith(test.values[0] ?? "");
  return value.includes(test.values[0] ?? "");
}

export function lookUp(maps: Maps, name: string, key: string): string | undefined {
  const map = maps[name];
  const hit = key === "*" ? undefined : map?.[key];
  if (hit !== undefined) return hit;
  return map?.["*"]?.split("$").join(key);
}
