/**
 * The extension's settings: one versioned zod schema, stored whole under one key of `storage.local`.
 * Reading runs the migrations from the stored version up to the current one, then parses; a field that
 * does not parse falls back to its default instead of losing every other setting.
 * To change the shape: bump SETTINGS_VERSION, add a migration from the previous version, update the schema.
 */
import { z } from "zod";
import { BUNDLED_FONTS, FONT_WEIGHTS } from "../contract/image-translate.ts";
import { ONNX_BACKEND_CHOICES } from "../engine/browser/onnx-backend.ts";
import { TARGET_LANGS, type TargetLang } from "../translate/languages.ts";

export const SETTINGS_VERSION = 2;
export const SETTINGS_KEY = "settings";

export const TranslatorChoiceSchema = z.enum(["auto", "embedded", "browser", "server"]);

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  targetLanguage: z.enum(TARGET_LANGS as [TargetLang, ...TargetLang[]]),
  font: z.enum(BUNDLED_FONTS),
  fontWeight: z.enum(FONT_WEIGHTS),
  /** auto: the browser's Translator API where it has the pair, else the embedded translator. */
  translator: TranslatorChoiceSchema,
  /** source term -> translation, applied by every translator. */
  glossary: z.array(z.object({ source: z.string().min(1), target: z.string() })),
  /** Brand names and model numbers kept as they are. */
  neverTranslate: z.array(z.string().min(1)),
  /** Hostnames where new product images are translated as they appear. Empty by default. */
  autoTranslateSites: z.array(z.string().min(1)),
  hoverToolbar: z.boolean(),
  minImageSize: z.number().int().min(0),
  cacheMegabytes: z.number().int().min(10).max(4096),
  /** What runs the models: auto (WebGPU on a hardware GPU, else WASM), webgpu (any adapter), wasm. */
  engineBackend: z.enum(ONNX_BACKEND_CHOICES),
  server: z
    .object({
      url: z.string().url(),
      /** An extension token (`mle_…`) from the dashboard; never an API key. */
      token: z.string().startsWith("mle_"),
      email: z.string().optional(),
      connectedAt: z.string(),
    })
    .nullable(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** Korean for Korean users, English for English users, … ; Korean where the language is not a target. */
export function defaultTargetLanguage(browserLanguage: string | undefined): TargetLang {
  const tag = (browserLanguage ?? "").toLowerCase();
  if (tag.startsWith("zh")) return /tw|hk|hant|mo/.test(tag) ? "zh-TW" : "zh-CN";
  const primary = tag.split("-")[0];
  return (TARGET_LANGS as readonly string[]).includes(primary ?? "") ? (primary as TargetLang) : "ko";
}

export function defaultSettings(browserLanguage?: string): Settings {
  return {
    version: SETTINGS_VERSION,
    targetLanguage: defaultTargetLanguage(browserLanguage),
    font: "Pretendard",
    fontWeight: "auto",
    translator: "auto",
    glossary: [],
    neverTranslate: [],
    autoTranslateSites: [],
    hoverToolbar: true,
    minImageSize: 80,
    cacheMegabytes: 200,
    engineBackend: "auto",
    server: null,
  };
}

export type Raw = Record<string, unknown>;

/**
 * Migrations by the version they start from: `MIGRATIONS[n]` turns a stored version-n object into
 * version n+1.
 */
export const MIGRATIONS: Record<number, (old: Raw) => Raw> = {
  // 2 added the choice of WebGPU or WASM; version-1 users keep the default.
  1: (old) => ({ ...old, engineBackend: "auto" }),
};

/** Stored value (any version, or nothing) -> current settings. Never throws. */
export function migrateSettings(
  stored: unknown,
  browserLanguage?: string,
  migrations: Record<number, (old: Raw) => Raw> = MIGRATIONS,
): Settings {
  const defaults = defaultSettings(browserLanguage);
  if (!stored || typeof stored !== "object") return defaults;
  let raw = { ...(stored as Raw) };
  let version = typeof raw.version === "number" ? raw.version : 1;
  while (version < SETTINGS_VERSION) {
    const step = migrations[version];
    if (!step) break;
    raw = step(raw);
    version += 1;
  }
  raw.version = SETTINGS_VERSION;
  const whole = SettingsSchema.safeParse(raw);
  if (whole.success) return whole.data;
  // Keep every field that parses on its own; the rest take their defaults.
  const out: Raw = { ...defaults };
  for (const key of Object.keys(SettingsSchema.shape) as Array<keyof Settings>) {
    const field = SettingsSchema.shape[key].safeParse(raw[key]);
    if (field.success) out[key] = field.data;
  }
  return SettingsSchema.parse(out);
}

/** What a cached result depends on: the same bytes under these settings give the same picture. */
export function resultKeySettings(s: Settings): string {
  return JSON.stringify([
    s.targetLanguage,
    s.font,
    s.fontWeight,
    s.translator,
    s.glossary,
    s.neverTranslate,
    s.server ? s.server.url : null,
  ]);
}

/** Minimal storage port so the same code reads settings in every context and in tests. */
export interface SettingsStorage {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export async function loadSettings(storage: SettingsStorage, browserLanguage?: string): Promise<Settings> {
  const stored = (await storage.get(SETTINGS_KEY))[SETTINGS_KEY];
  return migrateSettings(stored, browserLanguage);
}

export async function saveSettings(storage: SettingsStorage, settings: Settings): Promise<void> {
  await storage.set({ [SETTINGS_KEY]: SettingsSchema.parse(settings) });
}
