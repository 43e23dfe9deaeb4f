import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "../platform/context.ts";
import { requestHeader } from "../platform/request-header.ts";

/**
 * Spec, Authentication: a private font named without a key that owns it is 401 FONT_AUTH_REQUIRED. A
 * translate call that names `user/<id>` without any x-api-key gets that code rather than the general
 * UNAUTHORIZED, so the caller learns the font needs its owner's key. A key of another account gets
 * FONT_NOT_FOUND instead (user-fonts.ts): whether someone else's font id exists is not to be probed.
 */
export function requireKeyForPrivateFont(c: Context<AppEnv>): void {
  const font = c.get("query").font;
  // A repeated `font` is INVALID_PARAMS, answered by the route's own reading of the query.
  if (typeof font !== "string" || !font.startsWith("user/")) return;
  if (!/\/image-translate\/translate\/?$/.test(c.req.path)) return;
  if ((requestHeader(c, "x-api-key") ?? "").trim() !== "") return;
  throw new GatewayError(
    "FONT_AUTH_REQUIRED",
    `Font ${font.slice(0, 80)} is a private font: send x-api-key with a key of the account that uploaded it.`,
  );
}
