import { Hono } from "hono";
import { GatewayError } from "../src/contract/errors.ts";
import { MARKETPLACES } from "../src/contract/marketplace.ts";
import { requireApiKey } from "./accounts/auth-middleware.ts";
import { adminRoutes } from "./admin/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { rateLimit } from "./limits/rate-limit-middleware.ts";
import { marketplaceRoutes } from "./marketplaces/routes.ts";
import type { AppEnv } from "./platform/context.ts";
import { errorResponse } from "./platform/errors.ts";
import { healthRoutes } from "./platform/health.ts";
import { parseQueryString } from "./platform/query.ts";
import { requestIdMiddleware } from "./platform/request-id.ts";
import { notInV1 } from "./platform/versioning.ts";
import type { Services } from "./services.ts";

/** Builds the whole HTTP app from its services; never listens (server/main.ts does). */
export function buildApp(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("services", services);
    await next();
  });
  app.use("*", requestIdMiddleware);
  app.onError((error, c) => errorResponse(error, c));
  app.use("*", async (c, next) => {
    c.set("query", parseQueryString(c.req.url));
    await next();
  });
  app.notFound((c) =>
    errorResponse(new GatewayError("NOT_FOUND", `No route at ${new URL(c.req.url).pathname}.`), c),
  );

  app.route("/", healthRoutes());
  app.route("/", docsRoutes(services));
  app.route("/admin", adminRoutes());

  app.use("/v1/*", requireApiKey, rateLimit);
  app.route("/v1", marketplaceRoutes());

  // Paths from before /v1 (spec: Versioning).
  const oldAreas = [...MARKETPLACES, "image-translate", "marketplaces"];
  app.all("/:area{[a-z-]+}/*", (c, next) =>
    oldAreas.includes(c.req.param("area")) ? notInV1(successorOf)(c) : next(),
  );
  app.all("/marketplaces", notInV1(successorOf));
  return app;
}

/** The /v1 path that replaced an old unversioned one. */
function successorOf(path: string): string | undefined {
  const trimmed = path.replace(/\/+$/, "");
  const [, area, operation] = trimmed.split("/");
  if (area === "marketplaces" && operation === undefined) return "/v1/marketplaces";
  if (!area || !operation) return undefined;
  const renamed = operation === "visual-search" ? "image-search" : operation;
  return `/v1/${area}/${renamed}`;
}
