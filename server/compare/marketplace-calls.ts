import { GatewayError } from "../../src/contract/errors.ts";
import type { Marketplace, Operation } from "../../src/contract/marketplace.ts";
import { type Payer, runChargedFor } from "../gateway/charged-call.ts";
import type { MarketplaceModule, PreparedCall } from "../marketplaces/types.ts";
import type { Services } from "../services.ts";

/**
 * How a comparison calls a marketplace: through the same module as /v1 (its rules, its price in units,
 * its upstream dialect, its normalizer and the contract check), charged to the account like a /v1 call.
 */
export type MarketplaceCaller = <T>(
  marketplace: Marketplace,
  operation: Operation,
  params: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<{ data: T; units: number }>;

function prepare(
  modules: Partial<Record<Marketplace, MarketplaceModule>>,
  marketplace: Marketplace,
  operation: Operation,
  params: Record<string, unknown>,
): PreparedCall {
  const module = modules[marketplace];
  if (!module)
    throw new GatewayError("SERVICE_UNAVAILABLE", `${marketplace} is not configured on this server.`);
  if (!module.operations.includes(operation)) {
    throw new GatewayError("UNKNOWN_OPERATION", `${marketplace} does not offer ${operation}.`);
  }
  return module.prepare(operation, { form: "json", params });
}

async function runChecked<T>(
  prepared: PreparedCall,
  marketplace: Marketplace,
  signal: AbortSignal,
  requestId: string,
  now: () => Date,
): Promise<T> {
  const result = await prepared.run({ signal, requestId, now });
  const checked = prepared.schema.safeParse(result);
  if (!checked.success) {
    throw new GatewayError("UPSTREAM_ERROR", `${marketplace} answered with something we could not read.`);
  }
  return checked.data as T;
}

/** Each call charged to `payer` at its own price, through the ledger and capacity of /v1. */
export function chargedCaller(services: Services, payer: Payer, requestId: string): MarketplaceCaller {
  return async <T>(
    marketplace: Marketplace,
    operation: Operation,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ) => {
    const prepared = prepare(services.marketplaces, marketplace, operation, params);
    const data = await runChargedFor<T>(
      services,
      payer,
      { requestId, signal },
      {
        operation: `${marketplace}.${operation}`,
        chargeable: { kind: "units", units: prepared.units },
        capacityScope: marketplace,
        saturatedCode: "MARKETPLACE_SATURATED",
        run: (s) => runChecked<T>(prepared, marketplace, s, requestId, services.clock),
      },
    );
    return { data, units: prepared.units };
  };
}

/** Calls without charging anyone: for the evaluation and the benchmark, which measure matching. */
export function uncharged(
  modules: Partial<Record<Marketplace, MarketplaceModule>>,
  now: () => Date = () => new Date(),
): MarketplaceCaller {
  return async <T>(
    marketplace: Marketplace,
    operation: Operation,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ) => {
    const prepared = prepare(modules, marketplace, operation, params);
    return { data: await runChecked<T>(prepared, marketplace, signal, "eval", now), units: prepared.units };
  };
}
