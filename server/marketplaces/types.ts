import type { z } from "zod";
import type { Marketplace, Operation } from "../../src/contract/marketplace.ts";

/**
 * The seam between the gateway chain and a marketplace. The chain (server/marketplaces/routes.ts) does
 * request ids, auth, rate limits, capacity and the ledger; a MarketplaceModule knows one marketplace:
 * its rules, its price in units, its upstream dialect and how to normalize the answer.
 *
 * Order per call: prepare() (sync, no I/O: every 400 the spec's tables name, and the price) → the chain
 * reserves the price → run() (upstream I/O, normalization) → the chain validates the result against
 * `schema`, commits the charge and answers; anything thrown releases the reservation.
 */

/** Parameters as they arrived: a query string (values are strings; lists comma-separated) or a JSON body. */
export interface RawCall {
  form: "query" | "json";
  params: Record<string, unknown>;
}

export interface UpstreamContext {
  /** Aborted when the client goes away or the gateway's deadline passes; pass it to every fetch. */
  signal: AbortSignal;
  requestId: string;
  now: () => Date;
}

export interface PreparedCall<T = unknown> {
  operation: Operation;
  /** Billing units of this call (1 unit = the configured price per unit, $0.001 by default). */
  units: number;
  /** The contract schema the result must satisfy before it is delivered. */
  schema: z.ZodType<T>;
  /**
   * Calls the upstream and normalizes. Throws GatewayError with the spec's code for every fault
   * (UPSTREAM_*, SERVICE_UNAVAILABLE, MARKETPLACE_SATURATED, PRODUCT_NOT_FOUND, crossborder codes...).
   * Anything else thrown becomes INTERNAL_ERROR.
   */
  run(ctx: UpstreamContext): Promise<T>;
}

export interface MarketplaceModule {
  id: Marketplace;
  /** One line for GET /v1/marketplaces, e.g. "auction and fixed-price listing marketplace". */
  kind: string;
  operations: readonly Operation[];
  /**
   * Validates per the spec's rules and prices the call. Throws GatewayError: UNKNOWN_OPERATION,
   * INVALID_PARAMS (message names the parameter), QUERY_REQUIRED, ...
   */
  prepare(operation: Operation, call: RawCall): PreparedCall;
  /** What an operation accepts, for the OpenAPI document and the reference page. */
  describe?(operation: Operation): OperationDescription;
}

export interface ParameterDescription {
  name: string;
  /** JSON Schema of the JSON-body form (a query string carries the same value as text). */
  schema: Record<string, unknown>;
  required: boolean;
  description?: string;
}

export interface OperationDescription {
  summary: string;
  parameters: ParameterDescription[];
  /** Units charged, in words ("1 unit; 2 units with brands or rail facets"). */
  price: string;
}
