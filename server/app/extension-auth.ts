import { createMiddleware } from "hono/factory";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AppEnv } from "../platform/context.ts";
import { requestHeader } from "../platform/request-header.ts";

export type ExtensionEnv = AppEnv & {
  Variables: AppEnv["Variables"] & { extension: { accountId: string; tokenId: string } };
};

/**
 * `/app/*` admits only a connected extension's device token, sent as `Authorization: Bearer mle_...`.
 * An API key is refused here, as a device token is refused on /v1: neither opens the other's door.
 */
export const extensionAuth = createMiddleware<ExtensionEnv>(async (c, next) => {
  const token = /^Bearer\s+(\S+)$/i.exec(requestHeader(c, "authorization") ?? "")?.[1];
  if (!token) {
    throw new GatewayError(
      "UNAUTHORIZED",
      "Send the extension's device token as Authorization: Bearer mle_... (connect the extension in its options).",
    );
  }
  const found = await c.get("services").extensionTokens.authenticate(token);
  if (!found) {
    throw new GatewayError(
      "UNAUTHORIZED",
      "This device token is unknown or was revoked. Connect the extension again from its options.",
    );
  }
  c.set("extension", found);
  await next();
});
