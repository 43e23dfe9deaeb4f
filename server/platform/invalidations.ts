import type { Redis } from "ioredis";
import type pg from "pg";
import type { Database } from "../storage/database.ts";

/**
 * The invalidation bus: a process that revokes a key, suspends an account, deletes a font or revokes
 * an extension token publishes it, and every process (itself included) drops what it cached about it
 * at once. Caches keep their TTL as the fallback for a message lost while a connection was down.
 *
 * Three carriers, chosen by what the deployment already has: Redis pub/sub when REDIS_URL is set,
 * Postgres LISTEN/NOTIFY on a channel named after the schema (so databases or test schemas sharing one
 * server never hear each other), and in-process delivery for the embedded PGlite (one process).
 */

export type InvalidationTopic = "key" | "account" | "font" | "extension-token";

export interface Invalidations {
  publish(topic: InvalidationTopic, id: string): Promise<void>;
  subscribe(topic: InvalidationTopic, handler: (id: string) => void): () => void;
  close(): Promise<void>;
}

/** A bus with a connection to open before it delivers (services.start()). */
export interface InvalidationBus extends Invalidations {
  start(): Promise<void>;
}

const TOPICS: ReadonlySet<string> = new Set(["key", "account", "font", "extension-token"]);

/** Handlers by topic; what every carrier delivers into. */
class Subscribers {
  private readonly handlers = new Map<InvalidationTopic, Set<(id: string) => void>>();

  add(topic: InvalidationTopic, handler: (id: string) => void): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    this.handlers.set(topic, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  deliver(topic: InvalidationTopic, id: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(id);
      } catch {
        // A handler's failure must not keep the others from dropping their entries.
      }
    }
  }

  /** A message as carried: `{"t": topic, "i": id}`; anything else is ignored. */
  deliverMessage(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    const { t, i } = (parsed ?? {}) as { t?: unknown; i?: unknown };
    if (typeof t === "string" && TOPICS.has(t) && typeof i === "string") {
      this.deliver(t as InvalidationTopic, i);
    }
  }
}

function messageOf(topic: InvalidationTopic, id: string): string {
  return JSON.stringify({ t: topic, i: id });
}

/** One process (the embedded PGlite): delivery is a function call. */
export class InProcessInvalidations implements InvalidationBus {
  private readonly subscribers = new Subscribers();

  async start(): Promise<void> {}

  async publish(topic: InvalidationTopic, id: string): Promise<void> {
    this.subscribers.deliver(topic, id);
  }

  subscribe(topic: InvalidationTopic, handler: (id: string) => void): () => void {
    return this.subscribers.add(topic, handler);
  }

  async close(): Promise<void> {}
}

/**
 * Postgres LISTEN/NOTIFY: one pooled connection held for LISTEN; NOTIFY goes through any connection.
 * The channel is `ml_invalidations_<schema>`, so two schemas on one server never cross.
 */
export class PostgresInvalidations implements InvalidationBus {
  private readonly subscribers = new Subscribers();
  private channel: string | undefined;
  private listener: pg.PoolClient | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async start(): Promise<void> {
    const { rows } = await this.db.query<{ schema: string }>("SELECT current_schema() AS schema");
    this.channel = channelName(rows[0]?.schema ?? "public");
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload)
        this.subscribers.deliverMessage(message.payload);
    });
    client.on("error", (error) => {
      // The connection broke: messages until it is back are lost (the caches' TTL covers them).
      this.onError(error);
      client.release(error);
      if (this.listener === client) this.listener = undefined;
      if (!this.closed) setTimeout(() => void this.listen().catch(this.onError), 500).unref();
    });
    await client.query(`LISTEN "${this.channel}"`);
    this.listener = client;
  }

  async publish(topic: InvalidationTopic, id: string): Promise<void> {
    if (!this.channel) throw new Error("invalidations: publish before start()");
    await this.db.query("SELECT pg_notify($1, $2)", [this.channel, messageOf(topic, id)]);
  }

  subscribe(topic: InvalidationTopic, handler: (id: string) => void): () => void {
    return this.subscribers.add(topic, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listener;
    this.listener = undefined;
    if (!client) return;
    await client.query(`UNLISTEN "${this.channel}"`).catch(() => {});
    client.release();
  }
}

/** The channel of a schema: a Postgres identifier (at most 63 bytes) of lower-case letters, digits and _. */
export function channelName(schema: string): string {
  return `ml_invalidations_${schema.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`.slice(0, 63);
}

/** Redis pub/sub: a second connection subscribes (a subscribed connection can do nothing else). */
export class RedisInvalidations implements InvalidationBus {
  private readonly subscribers = new Subscribers();
  private readonly channel: string;
  private subscriber: Redis | undefined;

  constructor(
    private readonly redis: Redis,
    /** The deployment's key prefix (random in tests), so deployments on one Redis never cross. */
    keyPrefix: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.channel = `${keyPrefix}invalidations`;
  }

  async start(): Promise<void> {
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true });
    subscriber.on("error", this.onError);
    subscriber.on("message", (channel: string, message: string) => {
      if (channel === this.channel) this.subscribers.deliverMessage(message);
    });
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.subscribe(this.channel);
    this.subscriber = subscriber;
  }

  async publish(topic: InvalidationTopic, id: string): Promise<void> {
    await this.redis.publish(this.channel, messageOf(topic, id));
  }

  subscribe(topic: InvalidationTopic, handler: (id: string) => void): () => void {
    return this.subscribers.add(topic, handler);
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    await subscriber?.quit().catch(() => {});
  }
}

/** Redis when the deployment has one, else Postgres when that is the database, else in-process. */
export function createInvalidations(deps: {
  db: Database;
  redis?: { client: Redis; keyPrefix: string } | undefined;
  onError?: (error: unknown) => void;
}): InvalidationBus {
  if (deps.redis) return new RedisInvalidations(deps.redis.client, deps.redis.keyPrefix, deps.onError);
  const pool = (deps.db as Database & { pool?: pg.Pool }).pool;
  if (deps.db.kind === "postgres" && pool) return new PostgresInvalidations(deps.db, pool, deps.onError);
  return new InProcessInvalidations();
}
