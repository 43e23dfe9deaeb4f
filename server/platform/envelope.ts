import type { Context } from "hono";
import type { z } from "zod";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "./context.ts";

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
  return c.json({ success: true as const, requestId: c.get("requestId"), data: checked.data }, status);
}

/** The success envelope around data already checked against its schema (inside a charged call). */
export function deliver<T>(c: Context<AppEnv>, data: T) {
  return c.json({ success: true as const, requestId: c.get("requestId"), data });
}
