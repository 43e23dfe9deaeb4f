import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "../platform/context.ts";
import { requestHeader } from "../platform/request-header.ts";
import type { Principal } from "./authenticator.ts";
import { scopeAllows } from "./scopes.ts";

/**
 * Every /v1 call carries x-api-key (spec: Authentication); the principal goes on the context.
 * Synchronous when the key is in memory; a promise only when the database is asked.
 */
export function authenticateCall(c: Context<AppEnv>): undefined | Promise<void> {
  const { authenticator } = c.get("services");
  const principal = authenticator.authenticate(requestHeader(c, "x-api-key"));
  if (principal instanceof Promise) return principal.then((p) => admit(c, p));
  admit(c, principal);
  return undefined;
}

function admit(c: Context<AppEnv>, principal: Principal): void {
  const { keyUsage, clockMs } = c.get("services");
  keyUsage.touch(principal.keyId, clockMs());
  c.set("principal", principal);
}

/** 403 FORBIDDEN unless the key's scopes allow `<area>:<operation>`. */
export function requireScope(
  c: { get(key: "principal"): AppEnv["Variables"]["principal"] },
  area: string,
  operation: string,
): void {
  const { scopes } = c.get("principal");
  if (!scopeAllows(scopes, area, operation)) {
    throw new GatewayError(
      "FORBIDDEN",
      `This key may not call ${area} ${operation} (its scopes: ${scopes?.join(", ")}). Use a key whose scopes include ${area}:${operation}.`,
    );
  }
}
