import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { newRequestId } from "./ids.ts";

/** Every response, success or error, carries the call's request id in X-Service-Request-Id. */
export const requestIdMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = newRequestId();
  c.set("requestId", requestId);
  await next();
  c.res.headers.set("x-service-request-id", requestId);
});
