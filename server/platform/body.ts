import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import { requestHeader } from "./request-header.ts";

/**
 * Request bodies, read with their size limit enforced while they stream in: a declared Content-Length
 * over the limit is refused before a byte is read, and a chunked body is cut off the moment it passes
 * the limit, so an oversize upload never sits in memory.
 */
export async function readBodyBytes(c: Context, maxBytes: number): Promise<Uint8Array> {
  const declared = requestHeader(c, "content-length");
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
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
export async function readJsonObject(c: Context, maxBytes: number): Promise<Record<string, unknown>> {
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
