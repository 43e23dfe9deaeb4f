import type { Context } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";

/**
 * Old unversioned paths (spec: Versioning): a path that existed before /v1 answers 404 NOT_IN_V1 naming
 * its replacement in the body (`successor`) and in `Link: <...>; rel="successor-version"`.
 */
export function notInV1(successorOf: (path: string) => string | undefined) {
  return (c: Context): never => {
    const path = new URL(c.req.url).pathname;
    const successor = successorOf(path);
    if (successor === undefined) throw new GatewayError("NOT_FOUND", `No route at ${path}.`);
    throw new GatewayError("NOT_IN_V1", `${path} is not part of /v1; use ${successor}.`, { successor });
  };
}
