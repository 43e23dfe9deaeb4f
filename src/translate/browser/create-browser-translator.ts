/**
 * The translator the extension uses on the device: the browser's built-in Translator API where it has the
 * language pack, the embedded offline translator otherwise, behind the same cache and fallback machinery
 * as on the server. The embedded data is fetched from the extension's own package (no network beyond it).
 */
import { type EmbeddedData, loadEmbeddedData } from "../embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../embedded/embedded-translator.ts";
import type { Translator } from "../port.ts";
import type { Fetch } from "../providers/provider.ts";
import { createTranslationService } from "../translation-service.ts";
import {
  type BuiltInTranslatorApi,
  createBuiltInTranslatorClient,
  detectBuiltInTranslator,
} from "./built-in-translator.ts";

/** Fetches the data files from a base URL, e.g. `browser.runtime.getURL("/translate/")`. */
export function loadEmbeddedDataFromUrl(baseUrl: string, fetchFn: Fetch = fetch): Promise<EmbeddedData> {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  return loadEmbeddedData(async (name) => {
    const response = await fetchFn(new URL(name, base).toString());
    if (!response.ok) throw new Error(`translation data ${name}: HTTP ${response.status}`);
    return response.text();
  });
}

export function createBrowserTranslator(options: {
  data: EmbeddedData;
  api?: BuiltInTranslatorApi | undefined;
}): Translator {
  const builtIn = createBuiltInTranslatorClient(options.api ?? detectBuiltInTranslator());
  return createTranslationService({
    fallback: createEmbeddedTranslator({ data: options.data }),
    providers: [builtIn],
    route: () => ["browser"],
    // On-device translation is local: no retries, a generous timeout for the first model load.
    retries: 0,
    timeoutMs: 20_000,
  });
}
