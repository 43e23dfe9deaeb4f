import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "./context.ts";
import { ENVELOPE_SECURITY_HEADERS } from "./security-headers.ts";

/**
 * Turns anything thrown into the spec's error envelope. GatewayErrors keep their code and message;
 * anything else is INTERNAL_ERROR with a generic message (details go to the log, never to the caller).
 */
export function errorResponse(error: unknown, c: Context<AppEnv>): Response {
  const requestId = c.get("requestId");
  const gatewayError = error instanceof GatewayError ? error : undefined;
  if (!gatewayError) {
    c.get("services")?.logger.error("unhandled error", { requestId, error });
  } else if (gatewayError.status >= 500) {
    c.get("services")?.logger.warn("gateway error", {
      requestId,
      code: gatewayError.code,
      error: gatewayError.message,
    });
  }
  const failure =
    gatewayError ??
    new GatewayError(
      "INTERNAL_ERROR",
      `Something went wrong on our side. Retry; if it persists, contact support quoting request id ${requestId}.`,
    );
  // A plain header object: node-server writes it out directly (a Headers instance takes the slow path).
  const headers: Record<string, string> = {
    ...failure.headers,
    ...ENVELOPE_SECURITY_HEADERS,
    "content-type": "application/json; charset=utf-8",
  };
  if (requestId) {
    headers["x-service-request-id"] = requestId;
    c.set("requestIdSent", true);
  }
  if (failure.retryAfterMs !== undefined)
    headers["retry-after"] = String(Math.ceil(failure.retryAfterMs / 1000));
  if (failure.upstreamCode !== undefined) headers["x-service-upstream-code"] = failure.upstreamCode;
  if (failure.successor !== undefined) headers.link = `<${failure.successor}>; rel="successor-version"`;
  return new Response(JSON.stringify(failure.toBody(requestId)), { status: failure.status, headers });
}
