import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "../platform/context.ts";

/** Per-key calls a second; the refusal says exactly how long to wait (Retry-After, and ms in the body). */
export async function enforceRateLimit(c: Context<AppEnv>): Promise<void> {
  const { rateLimiter, config } = c.get("services");
  const principal = c.get("principal");
  const perSecond = principal.ratePerSecond ?? config.limits.defaultRatePerSecond;
  const decision = await rateLimiter.consume(principal.keyId, perSecond);
  if (!decision.allowed) {
    throw new GatewayError(
      "RATE_LIMITED",
      `This key is limited to ${perSecond} calls a second; wait ${Math.ceil(decision.retryAfterMs / 1000)} s (Retry-After) and retry.`,
      { retryAfterMs: decision.retryAfterMs },
    );
  }
}
