import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { randomBase62 } from "../../server/platform/ids.ts";
import {
  channelName,
  InProcessInvalidations,
  type InvalidationBus,
  PostgresInvalidations,
  RedisInvalidations,
} from "../../server/platform/invalidations.ts";
import { openPostgres } from "../../server/storage/postgres-driver.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/** Resolves with the id the handler receives, or rejects after `ms`. */
function nextMessage(bus: InvalidationBus, topic: "key" | "account", ms = 2_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${topic} message in ${ms} ms`)), ms);
    const off = bus.subscribe(topic, (id) => {
      clearTimeout(timer);
      off();
      resolve(id);
    });
  });
}

describe("invalidation bus", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  });

  it("delivers in process to every subscriber of the topic, and only to them", async () => {
    const bus = new InProcessInvalidations();
    await bus.start();
    const keys: string[] = [];
    const accounts: string[] = [];
    bus.subscribe("key", (id) => keys.push(id));
    const off = bus.subscribe("account", (id) => accounts.push(id));
    await bus.publish("key", "key_1");
    off();
    await bus.publish("account", "acc_1");
    expect(keys).toEqual(["key_1"]);
    expect(accounts).toEqual([]);
  });

  it("names a Postgres channel after the schema, as a valid identifier", () => {
    expect(channelName("t_abc123")).toBe("ml_invalidations_t_abc123");
    expect(channelName("Weird-Name").length).toBeLessThanOrEqual(63);
    expect(channelName("x".repeat(100)).length).toBe(63);
  });

  describe.skipIf(!DATABASE_URL)("on Postgres (LISTEN/NOTIFY)", () => {
    async function busOn(schema: string) {
      const db = await openPostgres({ url: DATABASE_URL!, schema, maxConnections: 3 });
      const bus = new PostgresInvalidations(db, db.pool);
      await bus.start();
      cleanups.push(async () => {
        await bus.close();
        await db.close();
      });
      return { db, bus };
    }

    it("reaches another connection pool (another process) on the same schema, and no other schema", async () => {
      const schema = `t_${randomBase62(10).toLowerCase()}`;
      const other = `t_${randomBase62(10).toLowerCase()}`;
      const a = await busOn(schema);
      const b = await busOn(schema);
      const stranger = await busOn(other);
      cleanups.push(() =>
        a.db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${other} CASCADE`),
      );
      const heardByStranger: string[] = [];
      stranger.bus.subscribe("key", (id) => heardByStranger.push(id));
      const received = nextMessage(b.bus, "key");
      const sentAt = performance.now();
      await a.bus.publish("key", "key_revoked");
      expect(await received).toBe("key_revoked");
      expect(performance.now() - sentAt).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(heardByStranger).toEqual([]);
    });
  });

  describe.skipIf(!REDIS_URL)("on Redis (pub/sub)", () => {
    async function busWith(prefix: string) {
      const redis = new Redis(REDIS_URL!, { lazyConnect: false });
      const bus = new RedisInvalidations(redis, prefix);
      await bus.start();
      cleanups.push(async () => {
        await bus.close();
        await redis.quit();
      });
      return bus;
    }

    it("reaches another connection with the same prefix, and none with another prefix", async () => {
      const prefix = `ml-${randomBase62(10)}:`;
      const a = await busWith(prefix);
      const b = await busWith(prefix);
      const stranger = await busWith(`ml-${randomBase62(10)}:`);
      const heardByStranger: string[] = [];
      stranger.subscribe("account", (id) => heardByStranger.push(id));
      const received = nextMessage(b, "account");
      await a.publish("account", "acc_suspended");
      expect(await received).toBe("acc_suspended");
      await new Promise((r) => setTimeout(r, 100));
      expect(heardByStranger).toEqual([]);
    });
  });
});
