import type { Marketplace } from "../../src/contract/marketplace.ts";
import { hash32, Rng } from "./catalog/rng.ts";
import type { FaultKind, SandboxFaultSettings } from "./options.ts";

/**
 * Decides, per request, whether a marketplace misbehaves: at random (the configured rate, for soaks and
 * demos) or on demand (a test queues "the next request to auction is truncated"). Also counts what
 * happened, so a test can check that a timeout really aborted the upstream request.
 */

export interface MarketplaceStats {
  requests: number;
  /** Requests whose client went away before the answer was complete. */
  aborted: number;
  faults: Partial<Record<FaultKind, number>>;
  /** Last request seen: method, path with query, headers and body, for tests of the outgoing request. */
  last?: RecordedRequest;
  /** The most recent requests (up to 100), oldest first. */
  recent: RecordedRequest[];
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export class FaultController {
  readonly #settings: SandboxFaultSettings;
  readonly #rng: Rng;
  readonly #queued = new Map<Marketplace, { kind: FaultKind; status?: number }[]>();
  readonly #stats = new Map<Marketplace, MarketplaceStats>();

  constructor(settings: SandboxFaultSettings, seed: number) {
    this.#settings = settings;
    this.#rng = new Rng(hash32(`faults:${seed}`));
  }

  /**
   * Queue faults for the next requests to a marketplace, in order, before any random ones. An `error`
   * may name its HTTP status (500, 502, 503 or 504; random otherwise).
   */
  inject(marketplace: Marketplace, kind: FaultKind, times = 1, status?: number): void {
    const queue = this.#queued.get(marketplace) ?? [];
    for (let i = 0; i < times; i++) queue.push(status === undefined ? { kind } : { kind, status });
    this.#queued.set(marketplace, queue);
  }

  /** Drop queued faults (all marketplaces when none is named). */
  clear(marketplace?: Marketplace): void {
    if (marketplace) this.#queued.delete(marketplace);
    else this.#queued.clear();
  }

  /** Change the random fault rate at run time (a soak turns it on, a test turns it off). */
  setRate(rate: number, kinds?: readonly FaultKind[]): void {
    this.#settings.rate = Math.max(0, Math.min(1, rate));
    if (kinds) this.#settings.kinds = kinds;
  }

  get slowMs(): number {
    return this.#settings.slowMs;
  }

  next(marketplace: Marketplace): { kind: FaultKind; status?: number } | undefined {
    const stats = this.stats(marketplace);
    stats.requests++;
    const queued = this.#queued.get(marketplace)?.shift();
    const random =
      this.#settings.rate > 0 && this.#settings.kinds.length > 0 && this.#rng.chance(this.#settings.rate)
        ? { kind: this.#rng.pick(this.#settings.kinds) }
        : undefined;
    const fault = queued ?? random;
    if (fault) stats.faults[fault.kind] = (stats.faults[fault.kind] ?? 0) + 1;
    return fault;
  }

  /** A number for choices inside a fault (which 5xx), from the same seeded stream. */
  pick<T>(items: readonly T[]): T {
    return this.#rng.pick(items);
  }

  stats(marketplace: Marketplace): MarketplaceStats {
    let stats = this.#stats.get(marketplace);
    if (!stats) {
      stats = { requests: 0, aborted: 0, faults: {}, recent: [] };
      this.#stats.set(marketplace, stats);
    }
    return stats;
  }
}
