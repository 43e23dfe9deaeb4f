import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { authenticateCall } from "./accounts/authenticate-call.ts";
import { adminRoutes } from "./admin/routes.ts";
import { appRoutes } from "./app/routes.ts";
import { dashboardApiRoutes } from "./dashboard/api-routes.ts";
import { dashboardPageRoutes } from "./dashboard/page-routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { requireKeyForPrivateFont } from "./fonts/private-font-auth.ts";
import { imagingRoutes } from "./imaging/routes.ts";
import { enforceRateLimit } from "./limits/enforce-rate-limit.ts";
import { legacySuccessor } from "./marketplaces/legacy-paths.ts";
import { legacyCrossborderRoutes, marketplaceRoutes } from "./marketplaces/routes.ts";
import { paymentWebhookRoutes } from "./payments/webhook-routes.ts";
import { CachedRouter } from "./platform/cached-router.ts";
import type { AppEnv } from "./platform/context.ts";
import { allowOrigin, checkBrowserOrigin } from "./platform/cors.ts";
import { errorResponse } from "./platform/errors.ts";
import { healthRoutes } from "./platform/health.ts";
import { requestContext } from "./platform/request-context.ts";
import { notInV1 } from "./platform/versioning.ts";
import type { Services } from "./services.ts";

/** Builds the whole HTTP app from its services; never listens (server/main.ts does). */
export function buildApp(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ router: new CachedRouter(new TrieRouter()) });
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
  app.route("/dashboard/api", dashboardApiRoutes() as unknown as Hono<AppEnv>);
  app.route("/", dashboardPageRoutes());
  app.route("/payments", paymentWebhookRoutes());
  app.route("/app", appRoutes() as unknown as Hono<AppEnv>);

  app.use("/v1/*", async (c, next) => {
    const { preflight, origin } = checkBrowserOrigin(c);
    if (preflight) return preflight;
    requireKeyForPrivateFont(c);
    const authenticating = authenticateCall(c);
    if (authenticating) await authenticating;
    await enforceRateLimit(c);
    await next();
    if (origin) allowOrigin(c.res, origin);
  });
  app.route("/v1/image-translate", imagingRoutes());
  app.route("/v1", marketplaceRoutes());
  app.route("/crossborder", legacyCrossborderRoutes(successorOf));

  return app;
}

/**
 * The /v1 path that replaced an old unversioned one: the marketplaces' table of old names
 * (server/marketplaces/legacy-paths.ts), and the image-translate area, whose names did not change.
 */
function successorOf(path: string): string | undefined {
  const fromMarketplaces = legacySuccessor(path);
  if (fromMarketplaces) return fromMarketplaces;
  const match = /^\/image-translate\/(translate|ocr|supported-fonts)\/?$/.exec(path);
  return match ? `/v1/image-translate/${match[1]}` : undefined;
}
