import type { Principal } from "../accounts/authenticator.ts";
import type { Services } from "../services.ts";
import type { QueryValues } from "./query.ts";

/** What every handler finds on the Hono context: services (Unkey style) and per-request facts. */
export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    /** The query string, read strictly once at the edge (400 BAD_REQUEST when unreadable). */
    query: QueryValues;
    /** Set by whoever already wrote X-Service-Request-Id into the response. */
    requestIdSent: boolean;
    /** Set by the auth middleware on /v1 routes. */
    principal: Principal;
  };
}
