/**
 * A clone stands alone: no source, test, script or config file names a path outside the repository
 * (a sibling `../shared`, a machine's absolute path). Everything the project reads lives in it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { outsideReferences } from "../support/outside-references.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SCANNED_DIRS = ["src", "server", "test", "scripts", "entrypoints", ".ci"];
const SCANNED_FILES = ["package.json", "vitest.config.ts", "wxt.config.ts", "tsconfig.json", "biome.json"];
const CODE = /\.(ts|tsx|mts|js|mjs|cjs|json|sh)$|^run$/;
const SKIPPED = new Set(["node_modules", "fixtures", ".output", ".wxt"]);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (CODE.test(name)) yield path;
  }
}

describe("the repository stands alone", () => {
  it("recognizes a reference outside the repository", () => {
    const file = join(ROOT, "test/engine/example.test.ts");
    expect(outsideReferences(file, 'const p = "../../../shared/fixtures/a.jpg";')).toHaveLength(2);
    expect(outsideReferences(file, 'const DIR = "/work/shared/fixtures/upstream";')).toHaveLength(1);
    expect(
      outsideReferences(file, 'import { x } from "../../server/marketplaces/shared/params.ts";'),
    ).toEqual([]);
  });

  it("no source, test, script or config file names a path outside it", () => {
    const scanned = [
      ...SCANNED_DIRS.flatMap((dir) => [...files(join(ROOT, dir))]),
      ...SCANNED_FILES.map((name) => join(ROOT, name)),
    ].filter((file) => file !== import.meta.filename);
    expect(scanned.length).toBeGreaterThan(100);
    const found = scanned.flatMap((file) => outsideReferences(file, readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });
});
