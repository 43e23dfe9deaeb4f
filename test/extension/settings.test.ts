/** The settings schema: defaults from the browser language, and stored values that survive bad fields. */
import { describe, expect, it } from "vitest";
import {
  defaultSettings,
  defaultTargetLanguage,
  migrateSettings,
  type Raw,
  resultKeySettings,
  SETTINGS_VERSION,
} from "../../src/extension/settings.ts";

describe("settings", () => {
  it("takes the target language from the browser's language", () => {
    expect(defaultTargetLanguage("ko-KR")).toBe("ko");
    expect(defaultTargetLanguage("en-US")).toBe("en");
    expect(defaultTargetLanguage("zh-TW")).toBe("zh-TW");
    expect(defaultTargetLanguage("zh-CN")).toBe("zh-CN");
    expect(defaultTargetLanguage("de-DE")).toBe("ko");
  });

  it("starts with auto-translate off everywhere, font weight auto and no server", () => {
    const s = migrateSettings(undefined, "ko");
    expect(s).toMatchObject({
      autoTranslateSites: [],
      fontWeight: "auto",
      server: null,
      version: SETTINGS_VERSION,
    });
  });

  it("keeps every valid stored field when one is corrupt", () => {
    const s = migrateSettings(
      { version: SETTINGS_VERSION, targetLanguage: "en", cacheMegabytes: -5, neverTranslate: ["Anker"] },
      "ko",
    );
    expect(s.targetLanguage).toBe("en");
    expect(s.neverTranslate).toEqual(["Anker"]);
    expect(s.cacheMegabytes).toBe(defaultSettings().cacheMegabytes);
  });

  it("runs the migrations from the stored version up", () => {
    const migrations: Record<number, (old: Raw) => Raw> = {
      [SETTINGS_VERSION - 1]: (old) => ({ ...old, neverTranslate: String(old.keep).split(",") }),
    };
    const s = migrateSettings({ version: SETTINGS_VERSION - 1, keep: "Anker,Xiaomi" }, "en", migrations);
    expect(s.neverTranslate).toEqual(["Anker", "Xiaomi"]);
  });

  it("brings a version-1 shopper's settings forward whole, with the reading models on auto", () => {
    const s = migrateSettings({
      version: 1,
      targetLanguage: "ja",
      fontWeight: "Bold",
      neverTranslate: ["Anker"],
    });
    expect(s).toMatchObject({
      version: SETTINGS_VERSION,
      targetLanguage: "ja",
      fontWeight: "Bold",
      neverTranslate: ["Anker"],
      engineBackend: "auto",
    });
  });

  it("refuses a server token that is not an extension token (an API key is never stored)", () => {
    const s = migrateSettings({
      version: SETTINGS_VERSION,
      server: { url: "https://lens.example", token: "mlk_secret", connectedAt: "2026-01-01" },
    });
    expect(s.server).toBeNull();
  });

  it("gives a different cache key when a setting that changes the picture changes", () => {
    const a = defaultSettings("ko");
    expect(resultKeySettings(a)).not.toBe(resultKeySettings({ ...a, fontWeight: "Bold" }));
    expect(resultKeySettings(a)).toBe(resultKeySettings({ ...a, hoverToolbar: false }));
  });
});
