/**
 * The one message protocol between the extension's contexts: the content script (overlays on the page),
 * the background (menus, fetching, cache) and the engine host (the offscreen document on Chrome, the
 * background page itself on Firefox). Every message is checked with zod where it arrives. Image bytes
 * travel as ArrayBuffers: Chrome's messaging is put on structured clone by the manifest
 * (`message_serialization`), Firefox's always is; nothing is ever turned into base64 JSON.
 */
import { z } from "zod";
import { BUNDLED_FONTS, FONT_WEIGHTS } from "../contract/image-translate.ts";
import { ONNX_BACKEND_CHOICES } from "../engine/browser/onnx-backend.ts";

const bytes = z.custom<ArrayBuffer>(
  (v) => v instanceof ArrayBuffer || Object.prototype.toString.call(v) === "[object ArrayBuffer]",
  "expected an ArrayBuffer",
);

/** What a shopper sees on the ring while an image is worked on. */
export const UiStageSchema = z.enum(["reading", "translating", "drawing"]);
export type UiStage = z.infer<typeof UiStageSchema>;

export const OverlayStateSchema = z.enum(["working", "translated", "original", "failed"]);
export type OverlayState = z.infer<typeof OverlayStateSchema>;

/** A translated picture with the texts drawn in it (for "copy text"). */
export const PaintedResultSchema = z.object({
  image: bytes,
  mime: z.string(),
  texts: z.array(z.object({ source: z.string(), translated: z.string() })),
  regionsCount: z.number().int().nonnegative(),
});
export type PaintedResult = z.infer<typeof PaintedResultSchema>;

// ---- background -> content script -----------------------------------------------------------------

export const ContentMessageSchema = z.discriminatedUnion("type", [
  /** Find the image, put a ring on it within 100 ms, and say which URLs hold its best pixels. */
  z.object({ type: z.literal("overlay:start"), srcUrl: z.string(), jobId: z.string() }),
  z.object({
    type: z.literal("overlay:progress"),
    jobId: z.string(),
    stage: UiStageSchema,
    progress: z.number().min(0).max(1),
  }),
  z.object({ type: z.literal("overlay:paint"), jobId: z.string(), result: PaintedResultSchema }),
  z.object({
    type: z.literal("overlay:fail"),
    jobId: z.string(),
    message: z.string(),
    /** Offer Retry on the image (false where trying again cannot help). */
    retry: z.boolean().default(true),
  }),
  /** "Show original" from the menu: flips the image under the menu between original and translated. */
  z.object({ type: z.literal("overlay:toggle"), srcUrl: z.string() }),
  /** The CSS background image under the last right-click (the menu gives no image there). */
  z.object({ type: z.literal("pointer:background") }),
  z.object({ type: z.literal("page:translate-all") }),
  z.object({ type: z.literal("page:cancel-all") }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

export const StartReplySchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    /** Best source first (largest srcset candidate, the full-size original of a thumbnail), then the rest. */
    candidates: z.array(z.string()).min(1),
    pageUrl: z.string(),
    /** The box the shopper sees, in CSS pixels, for "skip tiny images". */
    box: z.object({ width: z.number(), height: z.number() }),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type StartReply = z.infer<typeof StartReplySchema>;

export const PaintReplySchema = z.object({ painted: z.boolean(), message: z.string().optional() });

// ---- content script / popup / options -> background -------------------------------------------------

export const BackgroundMessageSchema = z.discriminatedUnion("type", [
  /** The toolbar's retry, translate-all and auto-translate ask for one image of the sender's frame. */
  z.object({
    type: z.literal("translate"),
    srcUrl: z.string(),
    retry: z.boolean().optional(),
    /** With `retry`: the font and weight the shopper picked on the toolbar for this one image. */
    retryWith: z
      .object({ font: z.enum(BUNDLED_FONTS).optional(), fontWeight: z.enum(FONT_WEIGHTS).optional() })
      .optional(),
    /** Set by translate-all / auto: textless images are skipped quietly instead of showing an error. */
    quiet: z.boolean().optional(),
  }),
  z.object({ type: z.literal("cancel"), srcUrl: z.string() }),
  z.object({ type: z.literal("badge"), count: z.number().int().nonnegative() }),
  z.object({ type: z.literal("translate-page"), tabId: z.number().int() }),
  z.object({ type: z.literal("status") }),
  z.object({ type: z.literal("cache:clear") }),
  z.object({ type: z.literal("cache:stats") }),
]);
export type BackgroundMessage = z.infer<typeof BackgroundMessageSchema>;

// ---- background <-> engine host ---------------------------------------------------------------------

export const EngineSettingsSchema = z.object({
  targetLanguage: z.string(),
  font: z.string(),
  fontWeight: z.string(),
  translator: z.enum(["auto", "embedded", "browser", "server"]),
  glossary: z.object({ terms: z.record(z.string(), z.string()), keep: z.array(z.string()) }),
  server: z.object({ url: z.string(), token: z.string() }).optional(),
  engineBackend: z.enum(ONNX_BACKEND_CHOICES),
});
export type EngineSettings = z.infer<typeof EngineSettingsSchema>;

export const EngineRequestSchema = z.discriminatedUnion("type", [
  z.object({
    target: z.literal("engine"),
    type: z.literal("engine:translate"),
    jobId: z.string(),
    image: bytes,
    settings: EngineSettingsSchema,
  }),
  z.object({ target: z.literal("engine"), type: z.literal("engine:cancel"), jobId: z.string() }),
  z.object({ target: z.literal("engine"), type: z.literal("engine:status") }),
]);
export type EngineRequest = z.infer<typeof EngineRequestSchema>;

export const EngineProgressSchema = z.object({
  target: z.literal("background"),
  type: z.literal("engine:progress"),
  jobId: z.string(),
  stage: UiStageSchema,
  progress: z.number(),
});
export type EngineProgress = z.infer<typeof EngineProgressSchema>;

export const EngineReplySchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), result: PaintedResultSchema }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type EngineReply = z.infer<typeof EngineReplySchema>;

export const EngineStatusSchema = z.object({
  where: z.string(),
  backend: z.string(),
  threads: z.number(),
  modelsLoaded: z.boolean(),
  imagesTranslated: z.number(),
  memoryMB: z.number().optional(),
  builtInTranslator: z.string(),
});
export type EngineStatus = z.infer<typeof EngineStatusSchema>;
