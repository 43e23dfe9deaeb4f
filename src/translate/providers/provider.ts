/**
 * What an HTTP translation provider looks like to the translation service: a client that translates a
 * batch of texts or throws a ProviderError saying whether trying again later could help. Keys and base
 * URLs stay inside the client, on the server.
 */
import type { ConcreteSource, TargetLang } from "../languages.ts";

export type Fetch = typeof globalThis.fetch;

export interface ProviderClient {
  readonly name: string;
  /** Most texts one request may carry. */
  readonly maxBatch: number;
  /** Most characters one request may carry (all texts together). */
  readonly maxChars: number;
  /** Whether the provider translates this pair at all. */
  supports(source: ConcreteSource, target: TargetLang): boolean;
  /** One translation per text, in order; throws ProviderError on any failure. */
  translate(
    texts: readonly string[],
    source: ConcreteSource,
    target: TargetLang,
    signal: AbortSignal,
  ): Promise<string[]>;
}

export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    readonly provider: string,
    message: string,
    readonly options: {
      /** True when the same request may succeed later: rate limits, 5xx, timeouts, network errors. */
      transient: boolean;
      status?: number;
      /** The provider's own error code (N2MT05, RESOURCE_EXHAUSTED, rate_limit_exceeded, ...). */
      code?: string;
      /** How long the provider asked us to wait (Retry-After). */
      retryAfterMs?: number;
    },
  ) {
    super(`${provider}: ${message}`);
  }

  get transient(): boolean {
    return this.options.transient;
  }
}

/** Reads Retry-After, given in seconds or as an HTTP date. */
export function retryAfterMs(response: Response, now: number = Date.now()): number | undefined {
  const value = response.headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Status codes that say "try again later" for every provider here (DeepL's 456 quota is not one). */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * Sends a JSON request and returns the parsed body of a 2xx answer; any other outcome becomes a
 * ProviderError, with `describe` turning the provider's error body into a code and a message.
 */
export async function postJson(
  provider: string,
  fetchFn: Fetch,
  url: string,
  init: { headers: Record<string, string>; body: unknown; signal: AbortSignal },
  describe: (status: number, body: unknown) => { code?: string; message?: string; transient?: boolean },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...init.headers },
      body: JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal.aborted) throw init.signal.reason ?? error;
    throw new ProviderError(
      provider,
      `network error: ${error instanceof Error ? error.message : String(error)}`,
      {
        transient: true,
      },
    );
  }
  const text = await response.text().catch(() => "");
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const d = describe(response.status, body);
    throw new ProviderError(
      provider,
      `HTTP ${response.status}${d.code ? ` ${d.code}` : ""}: ${d.message ?? (text.slice(0, 200) || "no body")}`,
      {
        transient: d.transient ?? isTransientStatus(response.status),
        status: response.status,
        code: d.code,
        retryAfterMs: retryAfterMs(response),
      },
    );
  }
  if (body === undefined)
    throw new ProviderError(provider, "answer is not JSON", { transient: true, status: response.status });
  return body;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
