import { GatewayError } from "../../src/contract/errors.ts";
import type { Marketplace } from "../../src/contract/marketplace.ts";
import type {
  CompareEvents,
  CompareRequest,
  ComparerOptions,
  Comparison,
  Failure,
  FoundMatch,
  SourceRead,
} from "./comparison-types.ts";
import type { MarketplaceCaller } from "./marketplace-calls.ts";
import { matchesOn } from "./marketplace-matches.ts";
import { readSource } from "./source-read.ts";

/**
 * One comparison: the source listing read through the gateway, then every other marketplace searched in
 * parallel within a deadline (`marketplace-matches.ts`), each marketplace's matches reported as soon as
 * they are scored, and one marketplace's fault reported in `failed` while the others go on.
 */
export class Comparer {
  constructor(private readonly options: ComparerOptions) {}

  /** Reads the source listing; errors here (not found, no balance) fail the whole request. */
  readSource(request: CompareRequest, call: MarketplaceCaller, signal: AbortSignal): Promise<SourceRead> {
    return readSource(this.options, request, call, signal);
  }

  /** The marketplaces searched for a source on `source`. */
  targetsOf(source: Marketplace): Marketplace[] {
    return this.options.marketplaces.filter((m) => m !== source);
  }

  /** Searches every other marketplace; never throws for one marketplace's fault (it goes to `failed`). */
  async fanOut(
    read: SourceRead,
    call: MarketplaceCaller,
    events: CompareEvents,
    signal: AbortSignal,
    pages = 1,
  ): Promise<Comparison> {
    const { deadlineMs } = this.options;
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(deadlineMs)]);
    const targets = this.targetsOf(read.source.marketplace);
    const matches: FoundMatch[] = [];
    const failed: Failure[] = [];
    let units = read.units;
    const counted: MarketplaceCaller = async (m, op, params, s) => {
      const result = await call(m, op, params, s);
      units += result.units;
      return result as never;
    };
    const ctx = {
      options: this.options,
      read,
      call: counted,
      signal: deadline,
      pages,
      candidate: events.candidate,
    };
    await Promise.all(
      targets.map(async (marketplace) => {
        try {
          const found = await matchesOn(marketplace, ctx);
          if (deadline.aborted) throw deadlineError(marketplace, deadlineMs, signal);
          for (const match of found) {
            matches.push(match);
            events.match?.(match);
          }
        } catch (error) {
          const failure = failureOf(
            marketplace,
            deadline.aborted ? deadlineError(marketplace, deadlineMs, signal) : error,
          );
          failed.push(failure);
          events.failed?.(failure);
        }
      }),
    );
    matches.sort((a, b) => b.score - a.score);
    return { source: read.source, matches, failed, units };
  }
}

function deadlineError(marketplace: Marketplace, ms: number, caller: AbortSignal): GatewayError {
  return caller.aborted
    ? new GatewayError("BAD_REQUEST", "The caller closed the request before the answer.")
    : new GatewayError(
        "UPSTREAM_TIMEOUT",
        `${marketplace} did not answer within ${(ms / 1000).toFixed(1)} s.`,
      );
}

function failureOf(marketplace: Marketplace, error: unknown): Failure {
  if (error instanceof GatewayError) return { marketplace, code: error.code, message: error.message };
  return { marketplace, code: "INTERNAL_ERROR", message: `${marketplace} could not be compared.` };
}
