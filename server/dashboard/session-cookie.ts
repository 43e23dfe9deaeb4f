import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../platform/context.ts";

export const SESSION_COOKIE = "ml_session";

/** The origin the dashboard is served from: PUBLIC_URL when set (behind a proxy), else the request's own. */
export function dashboardOrigin<E extends AppEnv>(c: Context<E>): string {
  const configured = c.get("services").config.dashboard.publicUrl;
  return configured ? new URL(configured).origin : new URL(c.req.url).origin;
}

const isHttps = <E extends AppEnv>(c: Context<E>) => dashboardOrigin(c).startsWith("https:");

/** HttpOnly (scripts never read it), SameSite=Lax (no cross-site POST carries it), Secure over https. */
export function setSessionCookie<E extends AppEnv>(c: Context<E>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    expires: expiresAt,
  });
}

export function clearSessionCookie<E extends AppEnv>(c: Context<E>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c) });
}

export function sessionToken<E extends AppEnv>(c: Context<E>): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}
