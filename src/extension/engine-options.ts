import type { EngineOptions } from "../engine/engine.ts";

/**
 * The engine as the extension runs it. Detection sees at most 960² pixels, not the engine's 1280²: the
 * offscreen document's WASM heap grows to fit the largest detection and never shrinks, and at 1280² a
 * 790 × 3000 detail page grew the extension's memory by about 180 MB (598 MB after the benchmark's 26
 * images against 418 MB) and made that page slower. Large display type on a big picture can go unseen at
 * this size; the companion server's engine reads it.
 */
export const EXTENSION_ENGINE_OPTIONS: EngineOptions = { detect: { maxSide: 960 } };
