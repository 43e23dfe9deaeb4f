/**
 * Rules for what a glossary cannot list: prices, discounts and promotion patterns built around numbers,
 * dates and units. The rules are data (resources/rules/*.json: a pattern, outputs per language in the
 * template language of rule-templates.ts, and a table of examples that the tests walk); this module
 * compiles them once and tries each, as a sticky regular expression, at a position of the normalized
 * source.
 */
import enPromotions from "../resources/rules/en-promotions.json" with { type: "json" };
import jaPromotions from "../resources/rules/ja-promotions.json" with { type: "json" };
import numbersDatesUnits from "../resources/rules/numbers-dates-units.json" with { type: "json" };
import shared from "../resources/rules/shared.json" with { type: "json" };
import zhPromotions from "../resources/rules/zh-promotions.json" with { type: "json" };
import type { Family, OutLang, Pos } from "./lexicon.ts";
import { CN_NUMERAL, parseAnyNumber } from "./numbers.ts";
import { compileTemplate, groupText, type Maps, type Template } from "./rule-templates.ts";

export type Render = (lang: OutLang) => string | undefined;

export interface RuleMatch {
  rule: string;
  length: number;
  pos: Pos;
  render: Render;
  /** Numbers keep their own token kind so a classifier after them can attach. */
  number?: number;
}

type Outputs = Partial<Record<OutLang | "*", string>>;

/** One rule as its data file writes it. */
export interface RuleData {
  name: string;
  note?: string;
  families: Family[];
  pattern: string;
  flags?: string;
  pos?: Pos;
  /** The number the match stands for, when a classifier may follow it. */
  number?: string;
  /** Templates that must have an answer, or the rule does not match. */
  require?: string[];
  maps?: Record<string, Record<string, string>>;
  /** The first case whose `when` holds gives the outputs (group -> pattern, or "@map" for a key of it). */
  cases?: Array<{ when?: Record<string, string>; require?: string[]; out?: Outputs; fail?: boolean }>;
  out?: Outputs;
  /** Source text (from its start), the part the rule reads when shorter, and outputs per language. */
  examples: Array<{ text: string; match?: string } & Partial<Record<OutLang, string | null>>>;
}

interface Rule {
  name: string;
  families: readonly Family[];
  re: RegExp;
  pos: Pos;
  build(m: RegExpExecArray): Render | undefined;
  number?: Template;
}

/** Every rule, in the order the files list them (a longer match wins; among equals, the first). */
export const RULE_DATA: readonly RuleData[] = [
  zhPromotions,
  numbersDatesUnits,
  jaPromotions,
  enPromotions,
  shared,
].flat() as RuleData[];

function compileRule(data: RuleData): Rule {
  const maps: Maps = data.maps ?? {};
  const where = `rule ${data.name}`;
  const t = (s: string) => compileTemplate(s, maps, where);
  const required = (list: string[] | undefined) => (list ?? []).map(t);
  const outputs = (out: Outputs | undefined) =>
    Object.entries(out ?? {}).map(([lang, s]) => [lang, t(s as string)] as const);
  const cases = (data.cases ?? [{ out: data.out }]).map((c) => ({
    when: Object.entries(c.when ?? {}).map(([groups, test]) => ({
      groups: groups.split("+").map(Number),
      test: test.startsWith("@") ? mapTest(maps, test.slice(1), where) : testOf(new RegExp(test)),
    })),
    require: required(c.require),
    fail: c.fail === true,
    out: outputs(c.out),
  }));
  const require = required(data.require);
  return {
    name: data.name,
    families: data.families,
    re: new RegExp(data.pattern, `${data.flags ?? ""}y`),
    pos: data.pos ?? "n",
    number: data.number === undefined ? undefined : t(data.number),
    build: (m) => {
      if (require.some((r) => r(m) === undefined)) return undefined;
      const c = cases.find((k) => k.when.every((w) => w.test(groupText(m, w.groups))));
      if (!c || c.fail || c.require.some((r) => r(m) === undefined)) return undefined;
      const said = Object.fromEntries(c.out.map(([lang, template]) => [lang, template(m)]));
      // "*" is one text for every language; otherwise a language without an output has none, except
      // Chinese, which keeps the source as written.
      if ("*" in said) return () => said["*"];
      return (lang) => said[lang] ?? (lang === "zh" ? m[0] : undefined);
    },
  };
}

function testOf(re: RegExp): (value: string) => boolean {
  return (value) => re.test(value);
}

function mapTest(maps: Maps, name: string, where: string): (value: string) => boolean {
  const map = maps[name];
  if (!map) throw new Error(`${where}: "when" names unknown map @${name}`);
  return (value) => value !== "*" && Object.hasOwn(map, value);
}

const RULES: Rule[] = RULE_DATA.map(compileRule);

const NUMBER_RE = /\d+(?:[.,:]\d+)*/y;
const CN_NUMBER_RE = new RegExp(CN_NUMERAL, "y");

/** Every rule that matches at `at` (longest first), plus the plain number there if any. */
export function matchRules(text: string, at: number, family: Family): RuleMatch[] {
  const out: RuleMatch[] = [];
  const ch = text.charCodeAt(at);
  for (const rule of RULES) {
    if (!rule.families.includes(family)) continue;
    rule.re.lastIndex = at;
    const m = rule.re.exec(text);
    if (!m || m[0].length === 0) continue;
    const render = rule.build(m);
    if (!render) continue;
    const n = rule.number?.(m);
    out.push({
      rule: rule.name,
      length: m[0].length,
      pos: rule.pos,
      render,
      number: n === undefined ? undefined : Number(n),
    });
  }
  const isDigit = ch >= 48 && ch <= 57;
  const isBoundary = at === 0 || !/[\d.]/.test(text[at - 1] ?? "");
  // A minus sign before a number belongs to it (-40°C) unless it joins two numbers (6.01-6.03).
  const signed =
    (ch === 45 || ch === 0x2212) &&
    /\d/.test(text[at + 1] ?? "") &&
    (at === 0 || /[\s(（:：~～,，、/]/.test(text[at - 1] ?? ""));
  if (signed) {
    for (const m of matchRules(text, at + 1, family)) {
      const sign = text[at] ?? "-";
      out.push({
        ...m,
        rule: `signed-${m.rule}`,
        length: m.length + 1,
        render: (lang) => {
          const r = m.render(lang);
          return r === undefined ? undefined : `${sign}${r}`;
        },
      });
    }
  }
  if (isDigit && isBoundary) {
    NUMBER_RE.lastIndex = at;
    const m = NUMBER_RE.exec(text);
    if (m) {
      const s = m[0];
      out.push({
        rule: "number",
        length: s.length,
        pos: "n",
        render: () => s,
        number: Number(s.replace(/,/g, "")),
      });
    }
  } else if (family === "zh") {
    CN_NUMBER_RE.lastIndex = at;
    const m = CN_NUMBER_RE.exec(text);
    if (m) {
      // A Chinese numeral is a number only when a classifier follows (两件 but not 一起); the segmenter
      // enforces that, as it knows the classifiers.
      for (let len = m[0].length; len >= 1; len--) {
        const src = m[0].slice(0, len);
        const value = parseAnyNumber(src);
        if (value === undefined) continue;
        out.push({
          rule: "cn-number",
          length: len,
          pos: "n",
          // A count of ten thousands is written in them in Korean, as 10万 is.
          render: (lang) =>
            lang === "zh"
              ? src
              : lang === "ko" && value >= 10000 && value % 10000 === 0
                ? `${value / 10000}만`
                : String(value),
          number: value,
        });
      }
    }
  }
  return out.sort((a, b) => b.length - a.length);
}
