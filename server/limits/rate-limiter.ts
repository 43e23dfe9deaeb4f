import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Per-key calls-per-second allowance. One limiter per distinct rate (keys carry their own rate), each a
 * one-second window of rate-limiter-flexible: in memory by default, in Redis when several server
 * processes must enforce one limit, with an in-memory insurance limiter so a Redis outage degrades to
 * per-process limits instead of failing calls.
 */
export class KeyRateLimiter {
  private readonly limiters = new Map<number, RateLimiterAbstract>();

  constructor(private readonly redis?: { client: Redis; keyPrefix: string }) {}

  async consume(keyId: string, perSecond: number): Promise<RateDecision> {
    try {
      await this.limiterFor(perSecond).consume(keyId);
      return { allowed: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { allowed: false, retryAfterMs: Math.max(1, rejection.msBeforeNext) };
      }
      throw rejection;
    }
  }

  private limiterFor(perSecond: number): RateLimiterAbstract {
    let limiter = this.limiters.get(perSecond);
    if (!limiter) {
      const options = { points: perSecond, duration: 1 };
      limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis.client,
            keyPrefix: `${this.redis.keyPrefix}rate:${perSecond}`,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(perSecond, limiter);
    }
    return limiter;
  }
}
