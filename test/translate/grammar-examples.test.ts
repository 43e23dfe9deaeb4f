import { describe, expect, it } from "vitest";
import enKo from "../../src/translate/resources/grammar/en-ko-examples.json" with { type: "json" };
import jaKo from "../../src/translate/resources/grammar/ja-ko-examples.json" with { type: "json" };
import zhKo from "../../src/translate/resources/grammar/zh-ko-examples.json" with { type: "json" };
import { embedded } from "./support.ts";

// Every pass of each pair's grammar keeps a table of examples beside its data; this walks them all.
const TABLES = [
  { source: "zh", examples: zhKo.examples },
  { source: "en", examples: enKo.examples },
  { source: "ja", examples: jaKo.examples },
] as const;

describe("the pairs' grammar examples (resources/grammar/*-examples.json)", () => {
  for (const { source, examples } of TABLES)
    for (const [pass, rows] of Object.entries(examples as Record<string, string[][]>))
      it(`${source}->ko ${pass} writes its examples`, async () => {
        expect(rows.length).toBeGreaterThan(0);
        const t = await embedded();
        const results = await t.translateBatch(
          rows.map(([text]) => text as string),
          source,
          "ko",
        );
        expect(results.map((r) => r.text)).toEqual(rows.map(([, ko]) => ko));
      });
});
