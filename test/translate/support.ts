/** Shared by the translation tests: the real embedded data, loaded once per test file. */
import type { EmbeddedData } from "../../src/translate/embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { loadEmbeddedDataFromDisk } from "../../src/translate/node/load-embedded-data.ts";
import type { SourceLang, Translator } from "../../src/translate/port.ts";

let data: Promise<EmbeddedData> | undefined;

export function embeddedData(): Promise<EmbeddedData> {
  data ??= loadEmbeddedDataFromDisk();
  return data;
}

export async function embedded(): Promise<Translator> {
  return createEmbeddedTranslator({ data: await embeddedData() });
}

/** Translates one text and returns the result. */
export async function one(translator: Translator, text: string, source: SourceLang, target: string) {
  const [result] = await translator.translateBatch([text], source, target);
  if (!result) throw new Error("no result");
  return result;
}
