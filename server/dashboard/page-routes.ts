import { Hono } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "../platform/context.ts";
import { isAllowedRedirectUri } from "./ui/redirect-uri.ts";
import { buildDashboardBundle, type DashboardBundle } from "./ui-bundle.ts";

/** The pages' own headers (the same policy as the edge's): no inline script or style runs. */
const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

let bundle: Promise<DashboardBundle> | undefined;
export function dashboardBundle(): Promise<DashboardBundle> {
  bundle ??= buildDashboardBundle().catch((error) => {
    bundle = undefined;
    throw error;
  });
  return bundle;
}

function shell(version: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Marketlens dashboard</title>
<link rel="stylesheet" href="/dashboard/assets/app.css?v=${version}">
<script type="module" src="/dashboard/assets/app.js?v=${version}"></script>
</head>
<body><div id="app"><noscript>The dashboard needs JavaScript.</noscript></div></body>
</html>`;
}

/** `GET /` and `/dashboard/*`: the single page app's shell and its two assets. */
export function dashboardPageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const page = async (status: 200 | 400 = 200) => {
    const { version } = await dashboardBundle();
    return new Response(shell(version), {
      status,
      headers: { ...PAGE_HEADERS, "content-type": "text/html; charset=utf-8" },
    });
  };
  app.get("/dashboard/assets/app.js", async () => {
    const { js } = await dashboardBundle();
    return new Response(js, {
      headers: {
        "content-type": "text/javascript; charset=utf-8",
        "x-content-type-options": "nosniff",
        "cache-control": "public, max-age=31536000, immutable",
      },
    });
  });
  app.get("/dashboard/assets/app.css", async () => {
    const { css } = await dashboardBundle();
    return new Response(css, {
      headers: {
        "content-type": "text/css; charset=utf-8",
        "x-content-type-options": "nosniff",
        "cache-control": "public, max-age=31536000, immutable",
      },
    });
  });
  app.get("/", () => page());
  app.get("/login", (c) => c.redirect("/dashboard/login", 302));
  // The consent page refuses a redirect_uri it would never use before anyone signs in.
  app.get("/dashboard/connect", (c) => page(isAllowedRedirectUri(c.req.query("redirect_uri")) ? 200 : 400));
  app.get("/dashboard", () => page());
  app.get("/dashboard/*", (c) => {
    if (c.req.path.startsWith("/dashboard/api/") || c.req.path.startsWith("/dashboard/assets/"))
      throw new GatewayError("NOT_FOUND", `No such path: ${c.req.path}.`);
    return page();
  });
  return app;
}
