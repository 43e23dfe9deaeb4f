import type { Context } from "hono";
import type { z } from "zod";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "./context.ts";
import { ENVELOPE_SECURITY_HEADERS } from "./security-headers.ts";

/**
 * The success envelope, produced through the contract's schema: what leaves the service is exactly
 * what the OpenAPI document promises. A result that does not fit is never delivered.
 */
export function success<T>(c: Context<AppEnv>, schema: z.ZodType<T>, data: unknown, status: 200 | 201 = 200) {
  const checked = schema.safeParse(data);
  if (!checked.success) {
    c.get("services").logger.error("response does not fit its schema", {
      requestId: c.get("requestId"),
      issues: checked.error.issues.slice(0, 5),
    });
    throw new GatewayError(
      "INTERNAL_ERROR",
      `Something went wrong on our side; quote request id ${c.get("requestId")}.`,
    );
  }
  return deliver(c, checked.data, status);
}

/**
 * The success envelope around data already checked against its schema. Built as a Response with a
 * plain header object, which node-server writes out directly; Hono's c.json() would turn a second
 * header into a Headers instance and send every call down the slow path.
 */
export function deliver<T>(c: Context<AppEnv>, data: T, status = 200, headers: Record<string, string> = {}) {
  const requestId = c.get("requestId");
  c.set("requestIdSent", true);
  return new Response(JSON.stringify({ success: true, requestId, data }), {
    status,
    headers: {
      "content-type": "application/json",
      "x-service-request-id": requestId,
      ...ENVELOPE_SECURITY_HEADERS,
      ...headers,
    },
  });
}
