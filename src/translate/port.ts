/**
 * The Translator port: the engine, the server and the extension translate through it, whatever sits
 * behind (the embedded offline translator, an HTTP provider, the browser's on-device Translator API).
 *
 * Leaving a text as it is is a result (`kept`), not an exception: the engine reports TRANSLATION_FAILED
 * only when nothing at all could be translated.
 */
export type TranslationStatus = "translated" | "kept" | "failed";

export interface TranslationResult {
  /** The translation; for `kept` and `failed` it is the source text unchanged. */
  text: string;
  status: TranslationStatus;
  /** Which translator produced it (e.g. "embedded", "papago", "deepl", "browser"). */
  provider: string;
  /** Why a text was kept or failed, for logs and the closing report. */
  reason?: string;
  /**
   * How a translation was made, as shares (0 to 1) of the source text's characters: from known phrases
   * (glossary, rules) and from word-by-word transfer. Absent where a translator cannot tell (providers).
   * The engine may draw a line made mostly word by word more lightly, or keep it.
   */
  origin?: { phrases: number; words: number };
}

export interface TranslationContext {
  /** Cancels the whole batch. */
  signal?: AbortSignal;
  /** Where the texts come from; lets a translator pick phrasing (e.g. badge vs. body text). */
  domain?: "product-image" | "product-title" | "general";
  /** Terms that must come out a certain way, and words never to translate. */
  glossary?: Glossary;
}

export interface Glossary {
  /** source term -> required translation */
  terms?: Record<string, string>;
  /** words kept exactly as they are (brand names, model numbers) */
  keep?: string[];
}

/** Normalized language codes the translators speak (source_language aliases map onto these). */
export type SourceLang = "zh" | "zh-TW" | "ja" | "en" | "auto";

export interface Translator {
  readonly name: string;
  /** One result per input text, in order. Never rejects for a single text; rejects only on abort. */
  translateBatch(
    texts: readonly string[],
    source: SourceLang,
    target: string,
    context?: TranslationContext,
  ): Promise<TranslationResult[]>;
}
