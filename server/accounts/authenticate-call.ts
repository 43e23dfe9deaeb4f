import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "../platform/context.ts";
import { scopeAllows } from "./scopes.ts";

/** Every /v1 call carries x-api-key (spec: Authentication); the principal goes on the context. */
export async function authenticateCall(c: Context<AppEnv>): Promise<void> {
  const { authenticator, keyUsage, clock } = c.get("services");
  const principal = await authenticator.authenticate(c.req.header("x-api-key"));
  keyUsage.touch(principal.keyId, clock());
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
