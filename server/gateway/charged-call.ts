import type { Context } from "hono";
import { type ErrorCode, GatewayError } from "../../src/contract/errors.ts";
import { type Chargeable, priceFor } from "../billing/prices.ts";
import type { AppEnv } from "../platform/context.ts";
import { requestHeader } from "../platform/request-header.ts";
import type { Services } from "../services.ts";
import { fingerprintOf, idempotencyKeyOf } from "./idempotency.ts";

export interface ChargedCall<T> {
  /** Ledger label, e.g. "emporium.search". */
  operation: string;
  chargeable: Chargeable;
  /** Capacity scope (a marketplace, or "image-translate") and its saturation code. */
  capacityScope: string;
  saturatedCode: ErrorCode;
  /**
   * What the call asks for, validated (parameters, image bytes): with an Idempotency-Key, a retry must
   * ask for the same to get the first result back.
   */
  request: unknown;
  /**
   * The work; `call.signal` aborts when the caller goes away. Resolves with what is delivered. The
   * signal is made only if the work reads it (making one costs more than a trivial call itself).
   */
  run(call: CallSignal): Promise<T>;
}

/**
 * The money part of the chain, the same for every charged call: QUOTA_EXCEEDED without a billing
 * arrangement → reserve the price (402) → take a place among the calls in flight (429) → run → commit
 * when it delivered; release on anything thrown, on a refusal, or when the caller went away.
 */
export function runCharged<T>(c: Context<AppEnv>, call: ChargedCall<T>): Promise<T> {
  const key = idempotencyKeyOf(requestHeader(c, "idempotency-key"));
  if (key === undefined) return runOnce(c, call); // no database write for calls without the header
  const { idempotency } = c.get("services");
  const fingerprint = fingerprintOf({ operation: call.operation, request: call.request });
  return idempotency.once(c.get("principal").accountId, key, fingerprint, () => runOnce(c, call));
}

async function runOnce<T>(c: Context<AppEnv>, call: ChargedCall<T>): Promise<T> {
  const { ledger, capacity, prices } = c.get("services");
  const principal = c.get("principal");
  if (!principal.billingEnabled) {
    throw new GatewayError(
      "QUOTA_EXCEEDED",
      "This account has no billing arrangement covering this API. Set one up in the dashboard under Balance.",
    );
  }
  // Both are synchronous on the hot path (a lease that covers the call, capacity counted in memory).
  const reserving = ledger.reserve(principal.accountId, priceFor(prices, call.chargeable), {
    requestId: c.get("requestId"),
    operation: call.operation,
  });
  const hold = reserving instanceof Promise ? await reserving : reserving;
  try {
    const acquiring = capacity.acquire(call.capacityScope, call.saturatedCode);
    const permit = acquiring instanceof Promise ? await acquiring : acquiring;
    try {
      const signal = new CallSignal(c);
      const result = await call.run(signal);
      if (signal.callerGone()) {
        throw new GatewayError("BAD_REQUEST", "The caller closed the request before the answer.");
      }
      hold.commit();
      return result;
    } finally {
      permit.release();
    }
  } finally {
    hold.release(); // a no-op after commit
  }
}

/** The caller's abort signal, made on first use. */
export class CallSignal {
  private made: AbortSignal | undefined;

  constructor(private readonly c: Context<AppEnv>) {}

  get signal(): AbortSignal {
    this.made ??= this.c.req.raw.signal;
    return this.made;
  }

  /** Whether the caller went away: from the signal if the work made one, else from the socket. */
  callerGone(): boolean {
    if (this.made) return this.made.aborted;
    const outgoing = (this.c.env as { outgoing?: { destroyed?: boolean } } | undefined)?.outgoing;
    return outgoing?.destroyed === true;
  }
}

/** Who pays for a call made on an account's behalf outside the /v1 key chain (the extension's /app). */
export interface Payer {
  accountId: string;
  billingEnabled: boolean;
}

/**
 * The same money part as runCharged, for a call the server makes itself on an account's behalf (a
 * comparison fans out to many marketplace calls, each charged at its own price): quota → reserve (402) →
 * capacity (429) → run → commit, or release on anything thrown or when `signal` aborted.
 */
export async function runChargedFor<T>(
  services: Pick<Services, "ledger" | "capacity" | "prices">,
  payer: Payer,
  meta: { requestId: string; signal: AbortSignal },
  call: Omit<ChargedCall<T>, "run" | "request"> & { run(signal: AbortSignal): Promise<T> },
): Promise<T> {
  if (!payer.billingEnabled) {
    throw new GatewayError(
      "QUOTA_EXCEEDED",
      "This account has no billing arrangement covering this API. Set one up in the dashboard under Balance.",
    );
  }
  const reserving = services.ledger.reserve(payer.accountId, priceFor(services.prices, call.chargeable), {
    requestId: meta.requestId,
    operation: call.operation,
  });
  const hold = reserving instanceof Promise ? await reserving : reserving;
  try {
    const acquiring = services.capacity.acquire(call.capacityScope, call.saturatedCode);
    const permit = acquiring instanceof Promise ? await acquiring : acquiring;
    try {
      const result = await call.run(meta.signal);
      if (meta.signal.aborted)
        throw new GatewayError("UPSTREAM_TIMEOUT", "The call was cut off before its answer.");
      hold.commit();
      return result;
    } finally {
      permit.release();
    }
  } finally {
    hold.release();
  }
}
