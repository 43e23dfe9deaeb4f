import { z } from "zod";

/** Values of `source_language` on translate and OCR; `auto` decides by script. */
export const SOURCE_LANGUAGES = [
  "auto",
  "ch",
  "zh",
  "zh-CN",
  "zh-TW",
  "chinese_cht",
  "ja",
  "japan",
  "en",
] as const;
export const SourceLanguageSchema = z.enum(SOURCE_LANGUAGES);
export type SourceLanguage = z.infer<typeof SourceLanguageSchema>;

export const BUNDLED_FONTS = ["Pretendard", "BMHANNAPro", "NotoSansKR", "NotoSansSC"] as const;
export type BundledFont = (typeof BUNDLED_FONTS)[number];

export const FONT_WEIGHTS = [
  "auto",
  "Thin",
  "Light",
  "Regular",
  "Medium",
  "SemiBold",
  "Bold",
  "ExtraBold",
  "Black",
] as const;
export const FontWeightSchema = z.enum(FONT_WEIGHTS);
export type FontWeight = z.infer<typeof FontWeightSchema>;

/** The three weight classes the analyzer detects in an image. */
export const DetectedWeightSchema = z.enum(["Thin", "Regular", "Bold"]);
export type DetectedWeight = z.infer<typeof DetectedWeightSchema>;

export const SCRIPTS = ["latin", "hangul", "kana", "han", "cyrillic", "hebrew", "arabic"] as const;
export const ScriptSchema = z.enum(SCRIPTS);
export type Script = z.infer<typeof ScriptSchema>;

/** Spec, Limits: the script a target language needs; a target not listed has no gate. */
export const REQUIRED_SCRIPT: Readonly<Record<string, Script>> = {
  ko: "hangul",
  ja: "kana",
  zh: "han",
  "zh-CN": "han",
  "zh-TW": "han",
  ru: "cyrillic",
  en: "latin",
  fr: "latin",
  de: "latin",
  es: "latin",
  pt: "latin",
  it: "latin",
  vi: "latin",
  id: "latin",
  ms: "latin",
  he: "hebrew",
  ar: "arabic",
};

export const IMAGE_LIMITS = {
  maxWidth: 8192,
  maxHeight: 8192,
  maxBodyBytes: 20 * 1024 * 1024,
} as const;

const Point = z.tuple([z.number(), z.number()]);
export const PolygonSchema = z
  .array(Point)
  .length(4)
  .describe("4-point polygon in original image coordinates");
export const BBoxSchema = z
  .object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })
  .describe("axis-aligned bounding box in original coordinates");
export const RgbSchema = z.object({
  r: z.number().int().min(0).max(255),
  g: z.number().int().min(0).max(255),
  b: z.number().int().min(0).max(255),
});
export type Rgb = z.infer<typeof RgbSchema>;

export const OcrRegionSchema = z
  .object({
    polygon: PolygonSchema,
    bbox: BBoxSchema,
    text: z.string(),
    confidence: z.number().min(0).max(1),
  })
  .meta({ id: "OcrRegion" });
export type OcrRegion = z.infer<typeof OcrRegionSchema>;

export const TextRegionSchema = OcrRegionSchema.extend({
  text_kr: z.string().describe("translation in the requested target_language, whatever the target"),
  text_color: RgbSchema,
  bg_color: RgbSchema,
  font_weight: DetectedWeightSchema,
  is_badge: z.boolean().describe("true for filled-shape text labels (price tags, sale badges)"),
}).meta({ id: "TextRegion" });
export type TextRegion = z.infer<typeof TextRegionSchema>;

export const TranslateDataSchema = z
  .object({
    inpainted_base64: z.string().describe("base64 JPEG with the source text removed"),
    regions: z.array(TextRegionSchema),
    regions_count: z.number().int().nonnegative(),
  })
  .meta({ id: "TranslateData" });
export type TranslateData = z.infer<typeof TranslateDataSchema>;

export const OcrDataSchema = z
  .object({
    regions: z.array(OcrRegionSchema),
    src_w: z.number().int().positive(),
    src_h: z.number().int().positive(),
    regions_found: z.number().int().nonnegative(),
  })
  .meta({ id: "OcrData" });
export type OcrData = z.infer<typeof OcrDataSchema>;

export const UserFontSchema = z
  .object({
    id: z.string(),
    ref: z.string().describe("user/<id>; the value passed as font"),
    displayName: z.string(),
    family: z.string(),
    weight: z.number().int().min(1).max(1000),
    italic: z.boolean(),
    format: z.enum(["ttf", "otf", "woff2"]),
    glyphCoverage: z.record(ScriptSchema, z.boolean()),
  })
  .meta({ id: "UserFont" });
export type UserFont = z.infer<typeof UserFontSchema>;

export const FontsRegistrySchema = z
  .object({
    fontsByLanguage: z.record(z.string(), z.array(z.string())),
    defaultByLanguage: z.record(z.string(), z.string()),
    allFonts: z.array(z.string()).describe("bundled font values only; user fonts are in userFonts"),
    allWeights: z.array(FontWeightSchema),
    supportedSourceLanguages: z.array(SourceLanguageSchema),
    userFonts: z.array(UserFontSchema),
  })
  .meta({ id: "FontsRegistry" });
export type FontsRegistry = z.infer<typeof FontsRegistrySchema>;

/** Query of POST /v1/image-translate/translate. */
export const TranslateQuerySchema = z.object({
  source_language: SourceLanguageSchema,
  target_language: z.string().min(2).max(8),
  font: z.string().default("Pretendard"),
  font_weight: FontWeightSchema.default("ExtraBold"),
  render: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});
export type TranslateQuery = z.infer<typeof TranslateQuerySchema>;

export const OcrQuerySchema = z.object({ source_language: SourceLanguageSchema });
