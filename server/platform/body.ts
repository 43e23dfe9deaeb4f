import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "./context.ts";
import { requestHeader } from "./request-header.ts";

/**
 * Request bodies, read with their size limit enforced while they stream in: a declared Content-Length
 * over the limit is refused before a byte is read, and a chunked body is cut off the moment it passes
 * the limit, so an oversize upload never sits in memory.
 *
 * And with a minimum rate (issue 16 item 3): after a grace period the body must keep arriving at
 * `minBodyBytesPerSecond` on average (the deadline moves one second later per that many bytes), so a
 * client trickling a byte a second holds a connection and a handler for the grace period, not forever.
 * Too slow answers 408 BAD_REQUEST in the envelope and closes the connection.
 */
export async function readBodyBytes<E extends AppEnv>(c: Context<E>, maxBytes: number): Promise<Uint8Array> {
  const declared = requestHeader(c, "content-length");
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const { minBodyBytesPerSecond, bodyGraceMs } = c.get("services").config.http;
  const started = performance.now();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    const deadline = started + bodyGraceMs + (size / minBodyBytesPerSecond) * 1000;
    try {
      result = await readBefore(reader, deadline - performance.now());
    } catch (error) {
      if (error === TOO_SLOW) {
        await reader.cancel().catch(() => {});
        throw tooSlow(minBodyBytesPerSecond, bodyGraceMs);
      }
      throw new GatewayError(
        "BAD_REQUEST",
        "The request body could not be read (the upload was interrupted).",
      );
    }
    if (result.done) break;
    size += result.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(result.value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

/**
 * A JSON object body. No body at all is an empty object (a POST with every parameter omitted); a body
 * with another Content-Type is 415; unreadable JSON is 400 BAD_REQUEST.
 */
export async function readJsonObject<E extends AppEnv>(
  c: Context<E>,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  if (c.req.raw.body === null || requestHeader(c, "content-length") === "0") return {};
  const type = requestHeader(c, "content-type");
  if (type === undefined || !JSON_TYPE.test(type)) {
    throw new GatewayError(
      "UNSUPPORTED_MEDIA_TYPE",
      `This endpoint takes a JSON body: send Content-Type: application/json${type ? ` (got ${type.slice(0, 80)})` : ""}.`,
    );
  }
  const bytes = await readBodyBytes(c, maxBytes);
  if (bytes.byteLength === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "the body is not valid UTF-8";
    throw new GatewayError("BAD_REQUEST", `The JSON body cannot be read: ${reason}.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new GatewayError(
      "BAD_REQUEST",
      'The JSON body must be an object of parameters, such as {"query": "shoes"}.',
    );
  }
  return value as Record<string, unknown>;
}

const TOO_SLOW = Symbol("too slow");

/** The next chunk, or TOO_SLOW thrown when it has not come within `ms`. */
function readBefore(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  if (ms <= 0) return Promise.reject(TOO_SLOW);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TOO_SLOW), ms);
  });
  return Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
}

function tooSlow(minRate: number, graceMs: number): GatewayError {
  return new GatewayError(
    "BAD_REQUEST",
    `The request body arrived too slowly: after ${graceMs / 1000} s it must keep coming at ${formatBytes(minRate)} a second or faster. Retry on a faster connection.`,
    { status: 408, headers: { connection: "close" } },
  );
}

function tooLarge(maxBytes: number): GatewayError {
  return new GatewayError(
    "PAYLOAD_TOO_LARGE",
    `The request body is larger than this endpoint accepts (${formatBytes(maxBytes)}).`,
  );
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
