import type { Redis } from "ioredis";
import { type ErrorCode, GatewayError } from "../../src/contract/errors.ts";
import { randomBase62 } from "../platform/ids.ts";

/** A place among the calls in flight; release it when the call ends, whatever happened. */
export interface Permit {
  release(): void;
}

export interface CapacityLimits {
  /** Calls in flight across the whole service. */
  global: number;
  /** Calls in flight per scope (a marketplace, or "image-translate"). */
  perScope: (scope: string) => number;
}

type Outcome = "ok" | "global" | "scope";

interface Counter {
  tryAcquire(scope: string, token: string): Outcome | Promise<Outcome>;
  release(scope: string, token: string): void;
}

/**
 * Backpressure: refuses a call when too many are in flight, before it reaches an upstream, with a
 * Retry-After estimated from how long calls of that scope take right now. Counts in memory, or in Redis
 * sorted sets when several processes share one budget (entries expire, so a crashed process's calls do
 * not hold places forever).
 */
export class Capacity {
  private readonly counter: Counter;
  private readonly durations = new Map<string, number>(); // EWMA of call durations per scope, ms
  /** Places this process holds now, per scope: what a test or an operator checks after a storm. */
  private readonly held = new Map<string, number>();

  constructor(limits: CapacityLimits, redis?: { client: Redis; keyPrefix: string }) {
    this.counter = redis
      ? new RedisCounter(limits, redis.client, redis.keyPrefix)
      : new MemoryCounter(limits);
  }

  /**
   * Takes a place or throws the scope's 429 (503 for image translation) with a Retry-After estimate.
   * Synchronous when counting in memory (no promise on the hot path), a promise with Redis.
   */
  acquire(scope: string, saturatedCode: ErrorCode): Permit | Promise<Permit> {
    const token = this.counter instanceof MemoryCounter ? "" : randomBase62(12);
    const outcome = this.counter.tryAcquire(scope, token);
    return typeof outcome === "string"
      ? this.permitOrRefusal(outcome, scope, token, saturatedCode)
      : outcome.then((o) => this.permitOrRefusal(o, scope, token, saturatedCode));
  }

  private permitOrRefusal(outcome: Outcome, scope: string, token: string, saturatedCode: ErrorCode): Permit {
    if (outcome !== "ok") {
      const retryAfterMs = this.estimateWaitMs(scope);
      const code: ErrorCode = outcome === "global" ? "CAPACITY_SATURATED" : saturatedCode;
      throw new GatewayError(
        code,
        outcome === "global"
          ? "The service has no capacity for this call right now; wait Retry-After seconds and retry."
          : `${scope} has no capacity for this call right now; wait Retry-After seconds and retry.`,
        { retryAfterMs },
      );
    }
    this.held.set(scope, (this.held.get(scope) ?? 0) + 1);
    return new Place(this, scope, token);
  }

  /** Places of `scope` this process holds right now (each released when its call ends, however). */
  inFlight(scope: string): number {
    return this.held.get(scope) ?? 0;
  }

  /** Called once per place by Place.release. */
  releasePlace(scope: string, token: string, heldMs: number): void {
    this.held.set(scope, (this.held.get(scope) ?? 1) - 1);
    this.counter.release(scope, token);
    this.observe(scope, heldMs);
  }

  private observe(scope: string, ms: number): void {
    const previous = this.durations.get(scope);
    this.durations.set(scope, previous === undefined ? ms : previous * 0.9 + ms * 0.1);
  }

  /** About one typical call of the scope: by then a place has usually freed up. */
  private estimateWaitMs(scope: string): number {
    const typical = this.durations.get(scope) ?? 1_000;
    return Math.min(60_000, Math.max(1_000, Math.ceil(typical)));
  }
}

/** A place among the calls in flight (a class: one is made on every call). */
class Place implements Permit {
  private released = false;
  private readonly started = performance.now();

  constructor(
    private readonly capacity: Capacity,
    private readonly scope: string,
    private readonly token: string,
  ) {}

  release(): void {
    if (this.released) return;
    this.released = true;
    this.capacity.releasePlace(this.scope, this.token, performance.now() - this.started);
  }
}

class MemoryCounter implements Counter {
  private global = 0;
  private readonly scopes = new Map<string, number>();

  constructor(private readonly limits: CapacityLimits) {}

  tryAcquire(scope: string): Outcome {
    const inScope = this.scopes.get(scope) ?? 0;
    if (this.global >= this.limits.global) return "global";
    if (inScope >= this.limits.perScope(scope)) return "scope";
    this.global += 1;
    this.scopes.set(scope, inScope + 1);
    return "ok";
  }

  release(scope: string): void {
    this.global -= 1;
    this.scopes.set(scope, (this.scopes.get(scope) ?? 1) - 1);
  }
}

/** Both places are taken in one script, so two processes can never overfill a budget between checks. */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 2 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
return 0`;

/** A call older than this is presumed lost with its process and stops holding a place. */
const PLACE_EXPIRY_MS = 6 * 60_000;

class RedisCounter implements Counter {
  private readonly fallback: MemoryCounter;
  /** Places granted by the fallback while Redis was unreachable, released there too. */
  private readonly local = new Set<string>();

  constructor(
    private readonly limits: CapacityLimits,
    private readonly client: Redis,
    private readonly prefix: string,
  ) {
    this.fallback = new MemoryCounter(limits);
  }

  async tryAcquire(scope: string, token: string): Promise<Outcome> {
    const now = Date.now();
    try {
      const result = await this.client.eval(
        ACQUIRE,
        2,
        `${this.prefix}cap:global`,
        `${this.prefix}cap:scope:${scope}`,
        now,
        now + PLACE_EXPIRY_MS,
        token,
        this.limits.global,
        this.limits.perScope(scope),
      );
      return result === 0 ? "ok" : result === 1 ? "global" : "scope";
    } catch {
      // Redis is down: keep serving with this process's own counts rather than failing every call.
      const outcome = this.fallback.tryAcquire(scope);
      if (outcome === "ok") this.local.add(token);
      return outcome;
    }
  }

  release(scope: string, token: string): void {
    if (this.local.delete(token)) {
      this.fallback.release(scope);
      return;
    }
    this.client
      .multi()
      .zrem(`${this.prefix}cap:global`, token)
      .zrem(`${this.prefix}cap:scope:${scope}`, token)
      .exec()
      .catch(() => {});
  }
}
