import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "./context.ts";
import { requestHeader } from "./request-header.ts";

/**
 * CORS on /v1 (issue 16 item 10; docs/api.md, "Browsers"). An API key spends a balance and belongs on the
 * caller's server (spec: Authentication, 5), so by default no browser origin may call /v1: a request that
 * carries an `Origin` header (every cross-origin fetch a browser makes does) is refused with 403 FORBIDDEN
 * before the key is read or anything is charged, and a preflight gets the same answer. An operator may
 * name origins in V1_ALLOWED_ORIGINS (for a first-party web app that holds its own keys); those get
 * `Access-Control-Allow-Origin` for themselves and their preflights are answered 204.
 *
 * Returns the preflight's answer, or the allowed origin to write on the response (undefined when the
 * request has no Origin); throws for a refused origin.
 */
export function checkBrowserOrigin(c: Context<AppEnv>): { preflight?: Response; origin?: string } {
  const origin = requestHeader(c, "origin");
  if (origin === undefined) return {};
  const allowed = c.get("services").config.v1AllowedOrigins;
  if (!allowed.includes(origin)) {
    throw new GatewayError(
      "FORBIDDEN",
      "Browsers may not call /v1: an API key spends the balance and belongs on your server, never in a web page. Call /v1 from your server (docs/api.md, Browsers).",
      { headers: { vary: "Origin" } },
    );
  }
  if (c.req.method !== "OPTIONS") return { origin };
  const preflight = c.body(null, 204, {
    "access-control-allow-origin": origin,
    "access-control-allow-methods": "GET, POST",
    "access-control-allow-headers": "x-api-key, content-type, idempotency-key",
    "access-control-max-age": "600",
    vary: "Origin",
  });
  return { preflight };
}

/** The allowed origin on a response (written after the handler, which builds its own Response). */
export function allowOrigin(res: Response, origin: string): void {
  res.headers.set("access-control-allow-origin", origin);
  res.headers.append("vary", "Origin");
}
