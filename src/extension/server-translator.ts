/**
 * The connected Marketlens server as a Translator: `POST <server>/app/translate` with the extension token
 * as `Authorization: Bearer`. Only the texts read from the image leave the device, and only when the
 * shopper connected a server and chose it. No API key is ever involved.
 */
import { z } from "zod";
import type { SourceLang, TranslationResult, Translator } from "../translate/port.ts";

const ReplySchema = z.object({
  results: z.array(
    z.object({
      text: z.string(),
      status: z.enum(["translated", "kept", "failed"]),
      provider: z.string(),
      reason: z.string().optional(),
    }),
  ),
});

export function createServerTranslator(
  server: { url: string; token: string },
  fetchFn: typeof fetch = fetch,
): Translator {
  return {
    name: "server",
    async translateBatch(texts, source: SourceLang, target, context): Promise<TranslationResult[]> {
      const failed = (reason: string) =>
        texts.map((text) => ({ text, status: "failed" as const, provider: "server", reason }));
      let response: Response;
      try {
        response = await fetchFn(new URL("/app/translate", server.url), {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${server.token}` },
          body: JSON.stringify({ texts, source, target }),
          signal: context?.signal,
        });
      } catch (error) {
        if (context?.signal?.aborted) throw error;
        return failed(`server unreachable: ${String(error)}`);
      }
      if (!response.ok) return failed(`server answered ${response.status}`);
      const parsed = ReplySchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success || parsed.data.results.length !== texts.length)
        return failed("server reply has the wrong shape");
      return parsed.data.results;
    },
  };
}
