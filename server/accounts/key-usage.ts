import type { AccountStore } from "./account-store.ts";

/**
 * Keeps each key's last-used time in memory and writes them in one statement every few seconds, so
 * the dashboard shows when a key was last used without a write on every call.
 */
export class KeyUsageRecorder {
  /** key id -> epoch milliseconds (a number: touched on every call, no Date made per call) */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: AccountStore,
    private readonly intervalMs = 5_000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => {}), this.intervalMs);
    this.timer.unref();
  }

  touch(keyId: string, atMs: number): void {
    this.pending.set(keyId, atMs);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.store.recordLastUsed(new Map([...batch].map(([id, ms]) => [id, new Date(ms)])));
    } catch (error) {
      // Keep the times for the next try; newer ones win.
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
