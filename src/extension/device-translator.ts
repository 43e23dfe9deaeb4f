/**
 * The translator the extension uses on the device, chosen by the settings: the connected server, the
 * embedded offline translator, or the browser's built-in one with the embedded as its fallback; the
 * seller's glossary applied by each. The image engine and the comparison panel share it, so a title and
 * a picture's text come out the same way.
 */
import {
  createBrowserTranslator,
  loadEmbeddedDataFromUrl,
} from "../translate/browser/create-browser-translator.ts";
import type { EmbeddedData } from "../translate/embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../translate/embedded/embedded-translator.ts";
import type { Translator } from "../translate/port.ts";
import type { EngineSettings } from "./protocol.ts";
import { createServerTranslator } from "./server-translator.ts";

/** The embedded data from the extension package, read once; a failed read is tried again next time. */
export function embeddedDataLoader(baseUrl: string): () => Promise<EmbeddedData> {
  let data: Promise<EmbeddedData> | undefined;
  return () => {
    if (!data) {
      data = loadEmbeddedDataFromUrl(`${baseUrl}translate/`);
      data.catch(() => {
        data = undefined;
      });
    }
    return data;
  };
}

export async function deviceTranslator(
  settings: Pick<EngineSettings, "translator" | "server" | "glossary">,
  embeddedData: () => Promise<EmbeddedData>,
): Promise<Translator> {
  let inner: Translator;
  if (settings.translator === "server" && settings.server) inner = createServerTranslator(settings.server);
  else if (settings.translator === "embedded")
    inner = createEmbeddedTranslator({ data: await embeddedData() });
  else inner = createBrowserTranslator({ data: await embeddedData() });
  const glossary = settings.glossary;
  const hasGlossary = Object.keys(glossary.terms).length > 0 || glossary.keep.length > 0;
  if (!hasGlossary) return inner;
  return {
    name: inner.name,
    translateBatch: (texts, source, target, context) =>
      inner.translateBatch(texts, source, target, { ...context, glossary }),
  };
}
