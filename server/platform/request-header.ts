import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * One request header. Under node-server the raw IncomingMessage is on the context and its headers are a
 * plain object; reading through c.req.header() instead makes node-server build a whole Headers object on
 * every call (measured: a few kilobytes of garbage and microseconds per request on the hot path).
 * In-process requests (tests, app.request) have no IncomingMessage and take the standard way.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) {
    const value = incoming.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  }
  return c.req.header(name);
}
