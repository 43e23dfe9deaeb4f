import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Hono } from "hono";
import type { DashboardEnv } from "../../server/dashboard/session-env.ts";
import { createUserFontRoutes } from "../../server/fonts/dashboard-routes.ts";
import type { Services } from "../../server/services.ts";
import { REPO_ROOT } from "../../src/engine/node/node-assets.ts";

/** Fonts the project ships (public/ and the font packages named in DESIGN.md): real seeds for tests. */
export const FONT_FILES = {
  hannaTtf: "public/fonts/BMHANNAPro.ttf",
  pretendardOtf: "node_modules/pretendard/dist/public/static/Pretendard-Regular.otf",
  pretendardBoldWoff2: "node_modules/pretendard/dist/web/static/woff2/Pretendard-Bold.woff2",
  /** One slice of Pretendard's dynamic subset: a handful of Hangul syllables, no whole script. */
  pretendardSubsetWoff2:
    "node_modules/pretendard/dist/web/static/woff2-dynamic-subset/Pretendard-Regular.subset.10.woff2",
  notoKrOtf: "node_modules/@embedpdf/fonts-kr/fonts/NotoSansKR-Regular.otf",
} as const;

export function fontBytes(name: keyof typeof FONT_FILES): Uint8Array {
  return new Uint8Array(readFileSync(resolve(REPO_ROOT, FONT_FILES[name])));
}

/**
 * The fonts sub-app mounted as the dashboard mounts it, on a tiny app whose stand-in for the session
 * middleware takes the account from a header (the dashboard's own tests cover the real session).
 */
export function fontsApi(services: Services) {
  const app = new Hono<DashboardEnv>();
  app.use("/dashboard/api/fonts/*", async (c, next) => {
    c.set("accountId", c.req.header("x-test-account") ?? "");
    await next();
  });
  app.route("/dashboard/api/fonts", createUserFontRoutes(services));
  return {
    /** Any request to the sub-app, as an account. */
    async raw(accountId: string, path: string, init: RequestInit = {}) {
      const headers = { ...(init.headers as Record<string, string>), "x-test-account": accountId };
      return app.request(`/dashboard/api/fonts${path}`, { ...init, headers });
    },
    async upload(accountId: string, bytes: Uint8Array, displayName = "My font", filename = "font.ttf") {
      const form = new FormData();
      form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], filename));
      form.set("displayName", displayName);
      return app.request("/dashboard/api/fonts", {
        method: "POST",
        headers: { "x-test-account": accountId },
        body: form,
      });
    },
    async list(accountId: string) {
      return app.request("/dashboard/api/fonts", { headers: { "x-test-account": accountId } });
    },
    async delete(accountId: string, id: string) {
      return app.request(`/dashboard/api/fonts/${id}`, {
        method: "DELETE",
        headers: { "x-test-account": accountId },
      });
    },
    async preview(accountId: string, id: string, script?: string) {
      const query = script ? `?script=${script}` : "";
      return app.request(`/dashboard/api/fonts/${id}/preview${query}`, {
        headers: { "x-test-account": accountId },
      });
    },
  };
}
