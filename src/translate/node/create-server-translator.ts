/**
 * The server's Translator: the configured HTTP providers (keys stay on the server), routed per language
 * pair, with the embedded translator behind them. server/config.ts supplies the settings and the server
 * supplies fetch and a logger.
 */
import { createEmbeddedTranslator } from "../embedded/embedded-translator.ts";
import type { Translator } from "../port.ts";
import { createDeeplClient } from "../providers/deepl.ts";
import { createGoogleClient } from "../providers/google.ts";
import { createOpenAiChatClient } from "../providers/openai-chat.ts";
import { createPapagoClient } from "../providers/papago.ts";
import type { Fetch, ProviderClient } from "../providers/provider.ts";
import { parseRoutes, routeFor } from "../routes.ts";
import { createTranslationService } from "../translation-service.ts";
import { loadEmbeddedDataFromDisk } from "./load-embedded-data.ts";

/** The translation section of the server configuration. */
export interface TranslationSettings {
  routes: string | undefined;
  timeoutMs: number;
  retries: number;
  cacheSize: number;
  papago?: { clientId: string; clientSecret: string; baseUrl?: string };
  deepl?: { authKey: string; baseUrl?: string };
  google?: { projectId: string; accessToken: string; location?: string; baseUrl?: string };
  openai?: { baseUrl: string; apiKey?: string; model: string };
}

export function createProviders(settings: TranslationSettings, fetchFn: Fetch): ProviderClient[] {
  const providers: ProviderClient[] = [];
  if (settings.papago) providers.push(createPapagoClient({ ...settings.papago, fetch: fetchFn }));
  if (settings.deepl) providers.push(createDeeplClient({ ...settings.deepl, fetch: fetchFn }));
  if (settings.google) {
    const { accessToken, ...google } = settings.google;
    providers.push(createGoogleClient({ ...google, getAccessToken: () => accessToken, fetch: fetchFn }));
  }
  if (settings.openai) providers.push(createOpenAiChatClient({ ...settings.openai, fetch: fetchFn }));
  return providers;
}

export async function createServerTranslator(
  settings: TranslationSettings,
  deps: { fetch?: Fetch; onProviderError?: (error: Error, provider: string) => void } = {},
): Promise<Translator> {
  const providers = createProviders(settings, deps.fetch ?? fetch);
  const rules = parseRoutes(
    settings.routes,
    providers.map((p) => p.name),
  );
  return createTranslationService({
    fallback: createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() }),
    providers,
    route: (source, target) => routeFor(rules, source, target),
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    cacheSize: settings.cacheSize,
    onProviderError: deps.onProviderError,
  });
}
