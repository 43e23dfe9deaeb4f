import type { z } from "zod";
import { GatewayError, isGatewayError } from "../../../src/contract/errors.ts";
import type { UpstreamContext } from "../types.ts";

/**
 * HTTP to a marketplace: one timeout per call that aborts the request (so a slow marketplace never holds a
 * socket after we gave up), the caller's abort signal honoured, and every transport fault mapped to the
 * spec's Upstream codes. Marketplace-specific error layers (eBay errorIds, AliExpress error_response...)
 * are read by each client on top of this.
 */

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** One request to a marketplace, as the adapters build it. */
export interface UpstreamRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Just what the adapters read of an answer's headers (a Headers object fits too). */
export interface HeaderLookup {
  get(name: string): string | null;
}

export interface RawAnswer {
  status: number;
  headers: HeaderLookup;
  body: Buffer;
}

/**
 * How a request reaches a marketplace: undici by default (shared/undici-transport.ts), or any Fetch
 * implementation through fetchTransport (tests inject one). It rejects with a TransportFault for a
 * connection that failed or broke, with the signal's reason when aborted, and with UPSTREAM_ERROR for a
 * body over the limit.
 */
export type Transport = (
  request: UpstreamRequest,
  signal: AbortSignal,
  maxBodyBytes: number,
) => Promise<RawAnswer>;

export class TransportFault extends Error {
  override name = "TransportFault";
  constructor(
    readonly phase: "connect" | "read",
    readonly code: string | undefined,
    cause?: unknown,
  ) {
    super(`${phase} failed${code ? ` (${code})` : ""}`, cause === undefined ? undefined : { cause });
  }
}

export interface UpstreamTarget {
  /** e.g. "auction"; used in messages. */
  name: string;
  transport: Transport;
  timeoutMs: number;
  /** Refuse bodies larger than this (a marketplace answer is never tens of MB). */
  maxBodyBytes?: number;
}

export interface UpstreamAnswer extends RawAnswer {
  text(): string;
}

const DEFAULT_MAX_BODY = 32 * 1024 * 1024;

/** Sends one request and reads the whole body, or throws the spec's code. */
export async function callUpstream(
  target: UpstreamTarget,
  ctx: Pick<UpstreamContext, "signal">,
  url: string,
  init: Omit<UpstreamRequest, "url">,
): Promise<UpstreamAnswer> {
  const caller = ctx.signal;
  if (caller.aborted) throw cancelled(target, caller);
  // One controller aborted by either the deadline or the caller (AbortSignal.any costs ~20 us a call).
  const controller = new AbortController();
  const timeout = setTimeout(
    () =>
      controller.abort(
        new GatewayError("UPSTREAM_TIMEOUT", `${target.name}: no answer within ${target.timeoutMs} ms`),
      ),
    target.timeoutMs,
  );
  const onCallerAbort = () => controller.abort(cancelled(target, caller));
  caller.addEventListener("abort", onCallerAbort, { once: true });
  try {
    let answer: RawAnswer;
    try {
      answer = await target.transport(
        { url, ...init },
        controller.signal,
        target.maxBodyBytes ?? DEFAULT_MAX_BODY,
      );
    } catch (error) {
      throw transportFault(target, error, controller.signal);
    }
    const declared = answer.headers.get("content-length");
    if (
      declared !== null &&
      /^\d+$/.test(declared) &&
      Number(declared) !== answer.body.length &&
      !answer.headers.get("content-encoding")
    ) {
      throw new GatewayError(
        "UPSTREAM_READ_FAILED",
        `${target.name}: the answer was cut short (${answer.body.length} of ${declared} bytes)`,
      );
    }
    const body = answer.body;
    return { ...answer, text: () => body.toString("utf8") };
  } finally {
    clearTimeout(timeout);
    caller.removeEventListener("abort", onCallerAbort);
  }
}

/** Any Fetch implementation as a Transport (tests inject fetch; the default is undici-transport.ts). */
export function fetchTransport(fetchImpl: FetchLike): Transport {
  return async (request, signal, maxBodyBytes) => {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal,
        redirect: "manual",
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new TransportFault("connect", errorCode(error), error);
    }
    try {
      return {
        status: response.status,
        headers: response.headers,
        body: await readBody(response, maxBodyBytes),
      };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (isGatewayError(error)) throw error;
      throw new TransportFault("read", errorCode(error), error);
    }
  };
}

async function readBody(response: Response, max: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw new GatewayError("UPSTREAM_ERROR", `the answer is larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return Buffer.concat(chunks, total);
}

function cancelled(target: UpstreamTarget, signal: AbortSignal): GatewayError {
  if (isGatewayError(signal.reason)) return signal.reason;
  return new GatewayError(
    "UPSTREAM_TIMEOUT",
    `${target.name}: the call was cancelled before the marketplace answered`,
  );
}

function transportFault(target: UpstreamTarget, error: unknown, signal: AbortSignal): GatewayError {
  if (signal.aborted && isGatewayError(signal.reason)) return signal.reason;
  if (isGatewayError(error)) {
    return error.code === "UPSTREAM_ERROR"
      ? new GatewayError("UPSTREAM_ERROR", `${target.name}: ${error.message}`)
      : error;
  }
  const fault =
    error instanceof TransportFault ? error : new TransportFault("connect", errorCode(error), error);
  if (fault.phase === "read") {
    return new GatewayError(
      "UPSTREAM_READ_FAILED",
      `${target.name}: the answer was cut short (${fault.code ?? "connection closed"})`,
      { cause: error },
    );
  }
  return new GatewayError(
    "UPSTREAM_UNAVAILABLE",
    `${target.name}: no answer (${fault.code ?? "connection failed"})`,
    {
      cause: error,
    },
  );
}

/** undici wraps the socket error: TypeError("fetch failed", {cause: {code: "ECONNREFUSED"}}). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The generic HTTP status layer; a client calls it after reading its marketplace's own error body. */
export function statusFault(
  name: string,
  status: number,
  headers: HeaderLookup,
  upstreamCode?: string,
  detail?: string,
) {
  const options = upstreamCode === undefined ? {} : { upstreamCode };
  const what = detail ? `: ${detail}` : "";
  if (status === 429) {
    return new GatewayError(
      "MARKETPLACE_SATURATED",
      `${name} is throttling calls${what}; retry after the wait`,
      {
        ...options,
        retryAfterMs: retryAfterMs(headers.get("retry-after")),
      },
    );
  }
  if (status === 503)
    return new GatewayError("SERVICE_UNAVAILABLE", `${name} is temporarily unavailable${what}`, options);
  if (status === 504)
    return new GatewayError("UPSTREAM_TIMEOUT", `${name}'s own gateway timed out${what}`, options);
  return new GatewayError("UPSTREAM_ERROR", `${name} answered HTTP ${status}${what}`, options);
}

/** Retry-After in seconds or as an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.max(0, Math.round(Number(value) * 1000));
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  return 1000;
}

/** JSON of an answer. A prefix of valid JSON means the body was cut short; anything else is unusable. */
export function parseJson(name: string, answer: UpstreamAnswer): unknown {
  const text = answer.text();
  if (text.trim() === "")
    throw new GatewayError("UPSTREAM_ERROR", `${name} answered an empty body (HTTP ${answer.status})`);
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/end of (JSON )?input|Unterminated string|Expected .* after/i.test(message) && looksCutShort(text)) {
      throw new GatewayError("UPSTREAM_READ_FAILED", `${name}: the answer was cut short (incomplete JSON)`);
    }
    throw new GatewayError(
      "UPSTREAM_ERROR",
      `${name} answered something that is not JSON (HTTP ${answer.status})`,
    );
  }
}

/** An incomplete JSON document still has unclosed brackets. */
function looksCutShort(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") depth--;
  }
  return depth > 0 || inString;
}

/** Reads an upstream shape with a zod schema; a mismatch is an unusable answer naming the first path. */
export function readShape<T>(name: string, schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.length ? issue.path.join(".") : "(root)";
  throw new GatewayError(
    "UPSTREAM_ERROR",
    `${name} answered an unusable ${what} (${path}: ${issue?.message ?? "invalid"})`,
  );
}

/**
 * Runs several upstream requests that make one answer (a megastore page is two Walmart requests, a 240
 * auction page two eBay requests): the first failure aborts the others, so no request is left running
 * after the call has already failed.
 */
export async function allOrNothing<T>(
  ctx: UpstreamContext,
  tasks: ((ctx: UpstreamContext) => Promise<T>)[],
): Promise<T[]> {
  const group = new AbortController();
  const shared: UpstreamContext = { ...ctx, signal: AbortSignal.any([ctx.signal, group.signal]) };
  return Promise.all(
    tasks.map((task) =>
      task(shared).catch((error: unknown) => {
        group.abort(error);
        throw error;
      }),
    ),
  );
}
