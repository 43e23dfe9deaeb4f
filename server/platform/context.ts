import type { Principal } from "../accounts/authenticator.ts";
import type { Services } from "../services.ts";

/** What every handler finds on the Hono context: services (Unkey style) and per-request facts. */
export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    /** The query string, read strictly once at the edge (400 BAD_REQUEST when unreadable). */
    query: Record<string, string>;
    /** Set by whoever already wrote X-Service-Request-Id into the response. */
    requestIdSent: boolean;
    /** Set by the auth middleware on /v1 routes. */
    principal: Principal;
  };
}
