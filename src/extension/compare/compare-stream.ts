/**
 * Runs one comparison against the connected Marketlens server: `POST /app/compare` with the extension
 * token (never an API key), `Accept: text/event-stream`, each server-sent event handed over as it
 * arrives. A refusal before the stream (401, 402, 404, 429) becomes a CompareRefused with the gateway's
 * code and message.
 */
import type { CompareEvent } from "../../contract/compare.ts";

export interface CompareRequest {
  server: { url: string; token: string };
  marketplace: string;
  productId: string;
  currency: string;
  /** Result pages per marketplace: more is the deeper, costlier comparison (quoted by the last answer). */
  pages?: number;
}

export class CompareRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function streamComparison(
  request: CompareRequest,
  onEvent: (event: CompareEvent) => void,
  signal?: AbortSignal,
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  const response = await fetchFn(new URL("/app/compare", request.server.url), {
    method: "POST",
    headers: {
      authorization: `Bearer ${request.server.token}`,
      "content-type": "application/json",
      accept: "text/event-stream",
    },
    body: JSON.stringify({
      marketplace: request.marketplace,
      productId: request.productId,
      currency: request.currency,
      ...(request.pages && request.pages > 1 ? { pages: request.pages } : {}),
    }),
    signal,
  });
  if (!response.ok || !response.body) throw await refusal(response);
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    let end = buffer.search(/\r?\n\r?\n/);
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      const event = parseEvent(block);
      if (event) onEvent(event);
      end = buffer.search(/\r?\n\r?\n/);
    }
    if (done) return;
  }
}

/** One server-sent event block (`event:` and `data:` lines); comments and unknown events are skipped. */
export function parseEvent(block: string): CompareEvent | undefined {
  let name = "message";
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
  }
  if (!["source", "match", "failed", "summary"].includes(name) || data.length === 0) return undefined;
  try {
    return { event: name, data: JSON.parse(data.join("\n")) } as CompareEvent;
  } catch {
    return undefined;
  }
}

async function refusal(response: Response): Promise<CompareRefused> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string } }
    | undefined;
  const code = body?.error?.code ?? `HTTP_${response.status}`;
  const message = body?.error?.message ?? `The server answered ${response.status}.`;
  return new CompareRefused(response.status, code, message);
}
