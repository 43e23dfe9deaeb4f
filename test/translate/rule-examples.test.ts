import { describe, expect, it } from "vitest";
import type { OutLang } from "../../src/translate/embedded/lexicon.ts";
import { compileTemplate } from "../../src/translate/embedded/rule-templates.ts";
import { matchRules, RULE_DATA } from "../../src/translate/embedded/rules.ts";

const LANGS: OutLang[] = ["ko", "en", "ja", "zh"];

describe("every rule's table of examples (resources/rules/*.json)", () => {
  it("has at least one example per rule, and unique rule names", () => {
    expect(RULE_DATA.filter((r) => r.examples.length === 0).map((r) => r.name)).toEqual([]);
    const names = RULE_DATA.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const rule of RULE_DATA) {
    it(`${rule.name} reads and writes its examples`, () => {
      for (const example of rule.examples) {
        const match = example.match ?? example.text;
        for (const family of rule.families) {
          const found = matchRules(example.text, 0, family).find(
            (m) => m.rule === rule.name && m.length === match.length,
          );
          expect(found, `${rule.name} on ${example.text} (${family})`).toBeDefined();
          const said: Record<string, string | null> = {};
          const wanted: Record<string, string | null> = {};
          for (const lang of LANGS) {
            const expected = example[lang];
            if (expected === undefined) continue;
            wanted[lang] = expected;
            said[lang] = found?.render(lang) ?? null;
          }
          expect(said, `${rule.name} on ${example.text}`).toEqual(wanted);
        }
      }
    });
  }
});

describe("the rules' template language", () => {
  const m = (...groups: Array<string | undefined>) => {
    const a = [...groups] as unknown as RegExpExecArray;
    return a;
  };
  const maps = { unit: { a: "A", "*": "<$>" } };
  const run = (template: string, ...groups: Array<string | undefined>) =>
    compileTemplate(template, maps, "test")(m(...groups));

  it("writes groups, filters, look-ups and both branches of a condition", () => {
    expect(run("{1} and {2}", "x", "y", "z")).toBe("y and z");
    expect(run("{1+2}", "", "y", "z")).toBe("yz");
    expect(run("{1|zhePct}% off", "", "8")).toBe("20% off");
    expect(run("{1|zhePct}", "", "12.5")).toBeUndefined();
    expect(run("{1@unit}/{2@unit}", "", "a", "b")).toBe("A/<b>");
    expect(run("{1?yes!no}|{2?yes!no}", "", "x", undefined)).toBe("yes|no");
    expect(run("{1=a,b?in!out}{2^pre?P}{2~fi?F}", "", "b", "prefix")).toBe("inPF");
    expect(run("{1?{2?both!one}!none}", "", "x", "y")).toBe("both");
  });

  it("refuses a malformed template when the data loads, naming the rule", () => {
    expect(() => compileTemplate("{1", maps, "rule r")).toThrow(/rule r: unclosed brace/);
    expect(() => compileTemplate("{x}", maps, "rule r")).toThrow(/group number/);
    expect(() => compileTemplate("{1|nope}", maps, "rule r")).toThrow(/unknown filter \|nope/);
    expect(() => compileTemplate("{1@nope}", maps, "rule r")).toThrow(/unknown map @nope/);
  });
});
