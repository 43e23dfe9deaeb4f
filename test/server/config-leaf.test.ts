import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * server/config.ts is a leaf (issue 16 item 13): reading a configuration loads zod, node:os and money
 * parsing, never the engine pool (piscina, the models) or the sandbox. Type-only imports cost nothing.
 */
const RUNTIME_IMPORTS_ALLOWED = new Set(["zod", "node:os", "./billing/money.ts"]);

function runtimeImports(path: string): string[] {
  const source = readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
  return [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)";/gms)]
    .filter((match) => !match[1])
    .map((match) => match[2]!);
}

describe("configuration", () => {
  it("imports nothing at run time but zod, node:os and money parsing, which itself imports nothing", () => {
    const imports = runtimeImports("server/config.ts");
    expect(imports.filter((name) => !RUNTIME_IMPORTS_ALLOWED.has(name))).toEqual([]);
    expect(runtimeImports("server/billing/money.ts")).toEqual([]);
  });
});
