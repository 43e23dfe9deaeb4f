import { Piscina } from "piscina";
import type { Script } from "../../src/contract/image-translate.ts";
import type { FontCheckResult, FontCheckTask } from "./font-check-task.ts";

export interface FontCheckerOptions {
  threads?: number;
  /** A check that runs longer is stopped (its thread terminated) and the file refused. */
  timeoutMs?: number;
  /** The V8 heap a check may use; past it the thread dies and the file is refused. */
  maxHeapMb?: number;
}

/** How the checks went since start: what the fuzz run and the logs report. */
export interface FontCheckStats {
  checks: number;
  /** Threads that died under a check (out of memory, a crash in native code). */
  crashed: number;
  /** Checks stopped at the time limit. */
  timedOut: number;
}

export type Outcome<T> = { kind: "done"; result: T } | { kind: "crashed" } | { kind: "timed-out" };

/**
 * Uploaded fonts are parsed in their own worker threads, with a heap limit and a time limit. Unlike the
 * engine's workers, a font-check thread is pure JavaScript and WebAssembly, so terminating it at the time
 * limit is safe; Piscina starts a fresh one for the next check.
 */
export class FontChecker {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;
  readonly stats: FontCheckStats = { checks: 0, crashed: 0, timedOut: 0 };

  constructor(options: FontCheckerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    const heap = options.maxHeapMb ?? 512;
    this.pool = new Piscina({
      filename: new URL("./font-check-worker.ts", import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads ?? 1,
      idleTimeout: 60_000,
      execArgv: ["--import", "tsx"],
      resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
  }

  inspect(bytes: Uint8Array): Promise<Outcome<Exclude<FontCheckResult, { kind: "preview" }>>> {
    return this.run({ kind: "inspect", bytes }) as Promise<
      Outcome<Exclude<FontCheckResult, { kind: "preview" }>>
    >;
  }

  async preview(sfnt: Uint8Array, ref: string, script: Script): Promise<Outcome<Uint8Array>> {
    const outcome = await this.run({ kind: "preview", bytes: sfnt, ref, script });
    if (outcome.kind !== "done") return outcome;
    if (outcome.result.kind !== "preview") throw new Error(`unexpected font check ${outcome.result.kind}`);
    return { kind: "done", result: outcome.result.png };
  }

  private async run(task: FontCheckTask): Promise<Outcome<FontCheckResult>> {
    this.stats.checks++;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    try {
      return { kind: "done", result: await this.pool.run(task, { signal: timeout }) };
    } catch {
      if (timeout.aborted) {
        this.stats.timedOut++;
        return { kind: "timed-out" };
      }
      this.stats.crashed++;
      return { kind: "crashed" };
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
