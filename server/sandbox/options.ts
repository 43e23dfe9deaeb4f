import type { Marketplace } from "../../src/contract/marketplace.ts";
import { SANDBOX_FAULT_KINDS } from "../config.ts";

/**
 * Faults the sandbox can inject, as a real marketplace produces them:
 * - `error`: an HTTP 5xx (500, 502, 503 or 504) in the marketplace's own error shape;
 * - `throttle`: the marketplace's own rate-limit answer (HTTP 429 or, where the API does so, a 200 with an
 *   error body) with Retry-After;
 * - `truncate`: headers announce the whole body, half of it is sent, the connection is cut;
 * - `refuse`: the connection is dropped before any answer;
 * - `timeout`: the request is held with no answer until the client gives up;
 * - `slow`: the answer comes after `slowMs`;
 * - `garbage`: HTTP 200 with an HTML error page instead of the API's JSON;
 * - `token-expired`: the marketplace refuses the credentials (AliExpress IllegalAccessToken, an expired
 *   OAuth token elsewhere).
 */
export const FAULT_KINDS = SANDBOX_FAULT_KINDS;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface SandboxFaultSettings {
  /** Share of requests (0..1) that get a fault drawn from `kinds`. */
  rate: number;
  kinds: readonly FaultKind[];
  /** Delay of the `slow` fault. */
  slowMs: number;
}

export interface SandboxOptions {
  /** Loopback address to listen on. */
  host?: string;
  /** Seed of the generated catalog; the same seed gives the same products. */
  seed?: number;
  /** Emulate each marketplace's documented latency (auction page sizes, ...). Off in tests. */
  latency?: boolean;
  faults?: Partial<SandboxFaultSettings>;
  /** Which marketplaces to serve (all five by default). */
  marketplaces?: readonly Marketplace[];
  /** Clock of the sandbox (auction end times, token expiry). */
  now?: () => Date;
}
