/**
 * Security headers (issue 16 item 10; the seam agreed between helpers, exact):
 * - every response: `X-Content-Type-Options: nosniff`, so no browser guesses a type from the bytes;
 * - every response that may carry a key, a balance or account data (all of /v1, /admin, /app and
 *   /dashboard, every JSON envelope): `Cache-Control: no-store`, so no shared or browser cache keeps it;
 * - every HTML page: the CSP below and `X-Frame-Options: DENY` (no framing, no inline script or style:
 *   pages load their scripts and stylesheets from this origin).
 *
 * Envelopes write these into their plain header objects (node-server's fast path); any other response
 * gets them once, in requestContext.
 */
export const NOSNIFF = { "x-content-type-options": "nosniff" } as const;

export const NO_STORE = { "cache-control": "no-store" } as const;

/** What every JSON envelope (success or error) carries. */
export const ENVELOPE_SECURITY_HEADERS = { ...NOSNIFF, ...NO_STORE } as const;

export const HTML_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; frame-ancestors 'none'";

export const HTML_SECURITY_HEADERS = {
  "content-security-policy": HTML_CONTENT_SECURITY_POLICY,
  "x-frame-options": "DENY",
} as const;

/** Paths whose answers belong to one account or operator (never cached). */
const PRIVATE_PATHS = /^\/(?:v1|admin|app|dashboard)(?:\/|$)/;

/** Adds what a response is missing; headers the handler set itself are kept. */
export function secureResponseHeaders(headers: Headers, path: string): void {
  if (!headers.has("x-content-type-options")) headers.set("x-content-type-options", "nosniff");
  if (PRIVATE_PATHS.test(path) && !headers.has("cache-control")) headers.set("cache-control", "no-store");
  if (/^text\/html\b/i.test(headers.get("content-type") ?? "")) {
    for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS))
      if (!headers.has(name)) headers.set(name, value);
  }
}
