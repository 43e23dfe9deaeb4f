// Shape checks of the held-out set in test/fixtures/translate-eval: a malformed row or a reference in the
// wrong script would silently punish a right translation, so they fail here instead.
import { describe, expect, it } from "vitest";
import {
  type EvalRow,
  judge,
  loadRows,
  mixesScripts,
  type SourceLanguage,
} from "../../scripts/eval-translate.ts";

const CATEGORIES = new Set([
  "badge",
  "price",
  "promotion",
  "size",
  "material",
  "shipping",
  "feature",
  "quantity",
  "marketing",
  "other",
]);
const TARGETS: Record<SourceLanguage, ("ko" | "en")[]> = { zh: ["ko", "en"], ja: ["ko", "en"], en: ["ko"] };

describe.each(["zh", "ja", "en"] as const)("%s.jsonl", (lang) => {
  const rows: EvalRow[] = loadRows(lang);

  it("holds at least 300 distinct phrases with sequential ids", () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((r) => r.src)).size).toBe(rows.length);
    rows.forEach((r, i) => {
      expect(r.id).toBe(`${lang}-${String(i + 1).padStart(3, "0")}`);
    });
  });

  it("tags every row with a known category and one line of source text", () => {
    for (const r of rows) {
      expect(CATEGORIES.has(r.category), `${r.id} ${r.category}`).toBe(true);
      expect(r.src.trim(), r.id).not.toBe("");
      expect(r.src.includes("\n"), r.id).toBe(false);
    }
  });

  it("has references for every target, distinct and in the target's script", () => {
    for (const r of rows) {
      for (const t of TARGETS[lang]) {
        const refs = r.ref[t] ?? [];
        expect(refs.length, `${r.id} ${t}`).toBeGreaterThan(0);
        expect(new Set(refs).size, `${r.id} ${t}`).toBe(refs.length);
        for (const ref of refs) {
          expect(ref.trim(), `${r.id} ${t}`).not.toBe("");
          expect(mixesScripts(ref, t), `${r.id} ${t}: ${ref}`).toBe(false);
          // A reference given back as the output must itself be acceptable.
          expect(judge(r.src, ref, refs, t).acceptable, `${r.id} ${t}: ${ref}`).toBe(true);
        }
      }
    }
  });
});
