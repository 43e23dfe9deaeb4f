import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The embedded translator's shape (issue 15): knowledge in data, each pair behind the grammar interface.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../src/translate");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const SOURCES = files(ROOT);
const imports = new Map(
  SOURCES.map((file) => {
    const text = readFileSync(file, "utf8");
    const found = [...text.matchAll(/^(?:import|export)[^;]*?from "(\.{1,2}\/[^"]+\.ts)"/gms)].map((m) =>
      resolve(dirname(file), m[1] as string),
    );
    return [file, found] as const;
  }),
);
const name = (file: string) => relative(ROOT, file);

describe("the embedded translator's structure", () => {
  it("has no import cycle under src/translate", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...path.slice(path.indexOf(file)), file].map(name).join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, "done");
    };
    for (const file of SOURCES) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it("keeps shared segmentation, word order and assembly free of any pair", () => {
    const shared = ["segment.ts", "assemble.ts", "word-order.ts", "korean-writing.ts", "rules.ts"];
    const offenders = shared.flatMap((file) =>
      (imports.get(join(ROOT, "embedded", file)) ?? [])
        .map(name)
        .filter((target) => target.startsWith("embedded/pairs/"))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps every file of src/translate/embedded within 400 lines", () => {
    const long = SOURCES.filter((f) => name(f).startsWith("embedded/"))
      .map((f) => [name(f), readFileSync(f, "utf8").split("\n").length - 1] as const)
      .filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  it("keeps the knowledge in data: under 100 lines of code with CJK or Hangul", () => {
    // The measure: any Han, kana or Hangul (jamo included), comments too.
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
    const lines = SOURCES.flatMap((f) => readFileSync(f, "utf8").split("\n")).filter((l) => cjk.test(l));
    expect(lines.length).toBeLessThan(100);
  });
});
