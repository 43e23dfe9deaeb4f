import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

/**
 * Failed sign-ins counted per email and per client address (rate-limiter-flexible, in Redis when several
 * processes serve the dashboard). Past either limit every attempt is refused until the window passes,
 * right password or not, so guessing is slow whichever of the two an attacker varies.
 */
export class SignInThrottle {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;

  constructor(limits: ThrottleLimits, redis?: { client: Redis; keyPrefix: string }) {
    const make = (points: number, name: string): RateLimiterAbstract => {
      const options = { points, duration: limits.windowSeconds };
      return redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis.client,
            keyPrefix: `${redis.keyPrefix}signin:${name}`,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
    };
    this.byAccount = make(limits.perAccount, "account");
    this.byAddress = make(limits.perAddress, "address");
  }

  /** Milliseconds to wait when either limit is used up, else 0. */
  async blockedFor(email: string, address: string): Promise<number> {
    const [account, from] = await Promise.all([
      this.byAccount.get(email.toLowerCase()),
      this.byAddress.get(address),
    ]);
    const over = (res: RateLimiterRes | null, limit: number) =>
      res !== null && res.consumedPoints >= limit ? res.msBeforeNext : 0;
    return Math.max(over(account, this.byAccount.points), over(from, this.byAddress.points));
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const swallow = (error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
    };
    await Promise.all([
      this.byAccount.consume(email.toLowerCase()).catch(swallow),
      this.byAddress.consume(address).catch(swallow),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.delete(email.toLowerCase());
  }
}
