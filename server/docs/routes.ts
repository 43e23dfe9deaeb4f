import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import type { Services } from "../services.ts";
import { imageTranslateEndpoints, marketplaceEndpoints, platformEndpoints } from "./endpoints.ts";
import { buildOpenApi } from "./openapi.ts";
import { REFERENCE_CSS, renderReferencePage } from "./reference-page.ts";

export const API_VERSION = "1.0.0";

/**
 * GET /v1/openapi.json and GET /docs, without a key: documentation is read before signing up. Built once
 * per process (the marketplaces are fixed at start) and served from memory.
 */
export function docsRoutes(services: Services): Hono<AppEnv> {
  let cached: { json: string; html: string } | undefined;
  const build = () => {
    if (!cached) {
      const openapi = buildOpenApi(
        [
          ...platformEndpoints(),
          ...imageTranslateEndpoints(),
          ...marketplaceEndpoints(services.marketplaces),
        ],
        API_VERSION,
      );
      cached = { json: JSON.stringify(openapi), html: renderReferencePage(openapi) };
    }
    return cached;
  };
  const app = new Hono<AppEnv>();
  app.get("/v1/openapi.json", (c) =>
    c.body(build().json, 200, { "content-type": "application/json; charset=utf-8" }),
  );
  app.get("/docs", (c) => c.html(build().html));
  app.get("/docs/reference.css", (c) =>
    c.body(REFERENCE_CSS, 200, {
      "content-type": "text/css; charset=utf-8",
      "cache-control": "max-age=3600",
    }),
  );
  return app;
}
