import { createMiddleware } from "hono/factory";
import type { Services } from "../services.ts";
import type { AppEnv } from "./context.ts";
import { newRequestId } from "./ids.ts";
import { parseQueryString } from "./query.ts";
import { secureResponseHeaders } from "./security-headers.ts";

/**
 * What every request gets first, in one layer (each middleware layer costs allocations on every call):
 * the services, a request id, and the query string read strictly (400 BAD_REQUEST when unreadable).
 * Every response carries X-Service-Request-Id: envelopes and errors write it themselves (so their
 * headers stay a plain object, node-server's fast path); any other response gets it here, with the
 * security headers (platform/security-headers.ts) that envelopes also write themselves.
 */
export function requestContext(services: Services) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("services", services);
    const requestId = newRequestId();
    c.set("requestId", requestId);
    c.set("query", parseQueryString(c.req.url));
    await next();
    if (c.get("requestIdSent")) return;
    c.res.headers.set("x-service-request-id", requestId);
    secureResponseHeaders(c.res.headers, c.req.path);
  });
}
