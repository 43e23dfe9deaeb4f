/**
 * The fonts registry is computed from the fonts' own glyph tables, user fonts are described from their
 * files, hostile font bytes are refused cleanly, and the script gate stops a font that cannot write the
 * target language before anything is drawn.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GatewayError } from "../../src/contract/errors.ts";
import { FontsRegistrySchema, UserFontSchema } from "../../src/contract/image-translate.ts";
import { NodeAssetLoader, REPO_ROOT } from "../../src/engine/node/node-assets.ts";
import { nearestWeight } from "../../src/fonts/bundled.ts";
import { FontLibrary, loadUserFace } from "../../src/fonts/font-library.ts";
import { buildFontsRegistry } from "../../src/fonts/registry.ts";
import { assertScriptGate } from "../../src/fonts/script-gate.ts";
import { describeUserFont } from "../../src/fonts/user-font.ts";

const library = new FontLibrary(new NodeAssetLoader());
const hanna = new Uint8Array(readFileSync(resolve(REPO_ROOT, "public/fonts/BMHANNAPro.ttf")));
const pretendard = new Uint8Array(
  readFileSync(resolve(REPO_ROOT, "node_modules/pretendard/dist/public/static/Pretendard-Regular.otf")),
);

function thrown(f: () => unknown): GatewayError {
  try {
    f();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error("no error thrown");
}

describe("fonts registry", () => {
  let registry: Awaited<ReturnType<typeof buildFontsRegistry>>;
  beforeAll(async () => {
    registry = await buildFontsRegistry(library);
  });

  it("has the spec's shape", () => {
    expect(() => FontsRegistrySchema.parse(registry)).not.toThrow();
    expect(registry.allFonts).toEqual(["Pretendard", "BMHANNAPro", "NotoSansKR", "NotoSansSC"]);
    expect(registry.allWeights[0]).toBe("auto");
    expect(registry.supportedSourceLanguages).toContain("chinese_cht");
  });

  it("lists per target the bundled fonts that cover it, as the spec publishes them", () => {
    expect(registry.fontsByLanguage.ko).toEqual(["Pretendard", "BMHANNAPro", "NotoSansKR"]);
    expect(registry.fontsByLanguage["zh-CN"]).toEqual(["NotoSansSC"]);
    expect(registry.fontsByLanguage["zh-TW"]).toEqual(["NotoSansSC"]);
    expect(registry.fontsByLanguage.ja).toEqual(["NotoSansKR", "NotoSansSC", "Pretendard"]);
    expect(registry.fontsByLanguage.en).toEqual(["Pretendard", "NotoSansKR", "NotoSansSC"]);
    for (const [lang, fonts] of Object.entries(registry.fontsByLanguage))
      expect(registry.defaultByLanguage[lang]).toBe(fonts[0]);
  });

  it("leaves out targets no bundled font can write, and fonts missing a language's letters", () => {
    expect(registry.fontsByLanguage.he).toBeUndefined();
    expect(registry.fontsByLanguage.ar).toBeUndefined();
    // BM Hanna has basic Latin but not Vietnamese or French accents.
    expect(registry.fontsByLanguage.vi).not.toContain("BMHANNAPro");
    expect(registry.fontsByLanguage.fr).not.toContain("BMHANNAPro");
  });

  it("reads script coverage from each font's cmap", async () => {
    expect(await library.familyCoverage("Pretendard")).toMatchObject({
      latin: true,
      hangul: true,
      han: false,
      arabic: false,
    });
    expect(await library.familyCoverage("NotoSansSC")).toMatchObject({
      han: true,
      kana: true,
      hangul: false,
    });
  });

  it("picks the nearest weight a family ships", () => {
    expect(nearestWeight([300, 350, 400, 500, 700], 800)).toBe(700);
    expect(nearestWeight([300, 350, 400, 500, 700], 100)).toBe(300);
    expect(nearestWeight([400, 600], 500)).toBe(600);
    expect(nearestWeight([400, 600], 450)).toBe(400);
  });
});

describe("user fonts", () => {
  it("describes an uploaded font from the file itself", () => {
    const font = describeUserFont({ id: "f1", displayName: "Hanna", bytes: hanna });
    expect(() => UserFontSchema.parse(font)).not.toThrow();
    expect(font).toMatchObject({ ref: "user/f1", format: "ttf", italic: false });
    expect(font.family).toMatch(/HANNA/i);
    expect(font.glyphCoverage).toMatchObject({ hangul: true, latin: true, han: false, arabic: false });
    expect(describeUserFont({ id: "p", displayName: "P", bytes: pretendard })).toMatchObject({
      format: "otf",
      weight: 400,
    });
  });

  it("refuses hostile or unusable bytes with FONT_RESOLVE_ERROR, never a crash", () => {
    const cases: Array<[string, Uint8Array]> = [
      ["empty", new Uint8Array(0)],
      ["random", Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24)],
      ["truncated", hanna.slice(0, 5000)],
      ["collection", Uint8Array.from([0x74, 0x74, 0x63, 0x66, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 12])],
      ["woff2", Uint8Array.from([0x77, 0x4f, 0x46, 0x32, ...new Array(60).fill(0)])],
      ["too many tables", Uint8Array.from([0, 1, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0])],
      ["oversized", new Uint8Array(10 * 1024 * 1024 + 1)],
    ];
    for (const [name, bytes] of cases) {
      const e = thrown(() => describeUserFont({ id: name, displayName: name, bytes }));
      expect(e.code, name).toBe("FONT_RESOLVE_ERROR");
      expect(e.message.length, name).toBeGreaterThan(10);
    }
    // A table directory pointing past the end of the file.
    const lying = hanna.slice(0, 2048);
    expect(thrown(() => describeUserFont({ id: "x", displayName: "x", bytes: lying })).message).toMatch(
      /truncated/,
    );
  });

  it("draws missing glyphs from Pretendard and NotoSansSC after the chosen font", async () => {
    const chain = await library.chain("user/f1", 700, { ref: "user/f1", bytes: hanna });
    expect(chain.map((f) => f.name)).toEqual(["user/f1", "Pretendard", "NotoSansSC"]);
    const forChar = (c: string) => chain.find((f) => f.map.has(c))?.name;
    expect(forChar("가")).toBe("user/f1");
    expect(forChar("们")).toBe("NotoSansSC");
    expect(forChar("ư")).toBe("Pretendard");
  });

  it("loads a fallback only for a text that needs it, and draws each character from the same face", async () => {
    const fresh = new FontLibrary(new NodeAssetLoader());
    const loaded: string[] = [];
    const assets = new NodeAssetLoader();
    const counting = new FontLibrary({
      load: (key) => {
        loaded.push(key);
        return assets.load(key);
      },
    });
    const [first] = await counting.chain("Pretendard", 700, undefined, 0);
    const korean = await counting.chainCovering(first!, "정품 보장 무료 배송 50% 할인", "Pretendard", 700);
    expect(korean.map((f) => f.name)).toEqual(["Pretendard"]);
    expect(loaded.some((k) => k.includes("NotoSansSC"))).toBe(false);
    const mixed = "정품 们 保证";
    const lazy = await counting.chainCovering(first!, mixed, "Pretendard", 700);
    expect(lazy.map((f) => f.name)).toEqual(["Pretendard", "NotoSansSC"]);
    const whole = await fresh.chain("Pretendard", 700);
    const faceOf = (chain: typeof whole, c: string) => (chain.find((f) => f.map.has(c)) ?? chain[0]!).name;
    for (const c of `${mixed}ư€`) expect(faceOf(lazy, c)).toBe(faceOf(whole, c));
  });
});

describe("script gate", () => {
  it("stops a user font without the target's script, naming script and language", () => {
    const face = loadUserFace({ ref: "user/latin-only", bytes: hanna });
    const latinOnly = { ...face, map: { has: (c: string) => c.charCodeAt(0) < 0x250 } };
    const e = thrown(() => assertScriptGate("ko", [latinOnly]));
    expect(e.code).toBe("FONT_GLYPH_COVERAGE");
    expect(e.message).toContain("hangul");
    expect(e.message).toContain("ko");
    expect(() => assertScriptGate("en", [latinOnly])).not.toThrow();
    // A target outside the table has no gate.
    expect(() => assertScriptGate("sw", [latinOnly])).not.toThrow();
  });

  it("lets a bundled font rely on its fallbacks, but not where none has the script", async () => {
    const chain = await library.chain("BMHANNAPro", 400);
    expect(() => assertScriptGate("zh-CN", chain)).not.toThrow();
    expect(thrown(() => assertScriptGate("ar", chain)).code).toBe("FONT_GLYPH_COVERAGE");
  });

  it("answers FONT_NOT_FOUND for a user font the caller did not supply", async () => {
    await expect(library.chain("user/missing", 400)).rejects.toMatchObject({ code: "FONT_NOT_FOUND" });
  });
});
