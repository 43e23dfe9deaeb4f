import { Hono } from "hono";
import { MARKETPLACES } from "../src/contract/marketplace.ts";
import { authenticateCall } from "./accounts/authenticate-call.ts";
import { adminRoutes } from "./admin/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { enforceRateLimit } from "./limits/enforce-rate-limit.ts";
import { marketplaceRoutes } from "./marketplaces/routes.ts";
import type { AppEnv } from "./platform/context.ts";
import { errorResponse } from "./platform/errors.ts";
import { healthRoutes } from "./platform/health.ts";
import { requestContext } from "./platform/request-context.ts";
import { notInV1 } from "./platform/versioning.ts";
import type { Services } from "./services.ts";

/** Builds the whole HTTP app from its services; never listens (server/main.ts does). */
export function buildApp(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext(services));
  app.onError((error, c) => errorResponse(error, c));
  // An unknown path is NOT_FOUND, unless it is a path from before /v1 (spec: Versioning). Answered here
  // rather than by a catch-all route, which would keep Hono from its fastest router.
  app.notFound((c) => {
    try {
      return notInV1(successorOf)(c);
    } catch (error) {
      return errorResponse(error, c);
    }
  });

  app.route("/", healthRoutes());
  app.route("/", docsRoutes(services));
  app.route("/admin", adminRoutes());

  app.use("/v1/*", async (c, next) => {
    await authenticateCall(c);
    await enforceRateLimit(c);
    await next();
  });
  app.route("/v1", marketplaceRoutes());

  return app;
}

const OLD_AREAS: readonly string[] = [...MARKETPLACES, "image-translate"];

/** The /v1 path that replaced an old unversioned one. */
function successorOf(path: string): string | undefined {
  const trimmed = path.replace(/\/+$/, "");
  const [, area, operation, extra] = trimmed.split("/");
  if (extra !== undefined || (area !== "marketplaces" && !OLD_AREAS.includes(area ?? ""))) return undefined;
  if (area === "marketplaces" && operation === undefined) return "/v1/marketplaces";
  if (!area || !operation) return undefined;
  const renamed = operation === "visual-search" ? "image-search" : operation;
  return `/v1/${area}/${renamed}`;
}
