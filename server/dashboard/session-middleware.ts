import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "../platform/context.ts";
import { requestHeader } from "../platform/request-header.ts";
import { dashboardOrigin, sessionToken } from "./session-cookie.ts";
import type { DashboardEnv } from "./session-env.ts";

export type DashboardAppEnv = AppEnv & { Variables: AppEnv["Variables"] & DashboardEnv["Variables"] };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request from a browser carries an Origin: one that is not the dashboard's own is a
 * cross-site request and is refused. (A request without Origin is not a browser's cross-site form; it
 * still needs the CSRF token, which only the dashboard's own pages can read.)
 */
export function refuseForeignOrigin<E extends AppEnv>(c: Context<E>): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = requestHeader(c, "origin");
  if (origin !== undefined && origin !== dashboardOrigin(c)) {
    throw new GatewayError("FORBIDDEN", `Requests from ${origin} may not change anything here.`);
  }
  if (requestHeader(c, "sec-fetch-site") === "cross-site") {
    throw new GatewayError("FORBIDDEN", "Cross-site requests may not change anything here.");
  }
}

/**
 * The dashboard API's guard: a live session from the cookie (401 otherwise), and on every state-changing
 * request the dashboard's own Origin and the session's CSRF token in x-csrf-token (403 otherwise).
 * Sets c.get("accountId").
 */
export const requireSession = createMiddleware<DashboardAppEnv>(async (c, next) => {
  refuseForeignOrigin(c);
  const token = sessionToken(c);
  const session = token ? await c.get("services").sessions.find(token) : null;
  if (!session) throw new GatewayError("UNAUTHORIZED", "Sign in to the dashboard first.");
  if (
    !SAFE_METHODS.has(c.req.method) &&
    !sameText(requestHeader(c, "x-csrf-token") ?? "", session.csrfToken)
  ) {
    throw new GatewayError("FORBIDDEN", "Missing or wrong x-csrf-token; reload the page and try again.");
  }
  c.set("accountId", session.accountId);
  await next();
});

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
