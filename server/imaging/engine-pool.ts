import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { GatewayError } from "../../src/contract/errors.ts";
import type { FontsRegistry } from "../../src/contract/image-translate.ts";
import { ENGINE_YOUNG_GENERATION_MB } from "../../src/engine/node/heap-settings.ts";
import type { TranslationSettings } from "../../src/translate/node/create-server-translator.ts";
import type { Logger } from "../platform/logger.ts";
import type { EngineTask, EngineTaskResult } from "./engine-task.ts";

export interface EnginePoolOptions {
  threads: number;
  translation: TranslationSettings;
  logger?: Logger;
}

type Done = Exclude<EngineTaskResult, { kind: "error" }>;

/** A task waiting for a thread, in this pool's own queue (where a cancel can drop it at no cost). */
interface Waiting {
  owner: string | undefined;
  start(): void;
  drop(error: Error): void;
}

/** How the threads went since start: what an operator and the cancellation tests read. */
export interface EnginePoolStats {
  /** Threads that died (a crash in native code, out of memory); piscina starts a fresh one. */
  crashed: number;
  /** Calls whose caller left while they waited for a thread: dropped before any engine work. */
  droppedWaiting: number;
  /** Calls held back while their caller's cancelled call still finished its current model run. */
  heldBehindCancelled: number;
}

/**
 * The worker threads that run the image engine, so a translation (hundreds of milliseconds of CPU)
 * never blocks the gateway's event loop. At most one task per thread is handed to piscina; the rest
 * wait here, in order, so a caller that leaves while waiting is dropped at once. How many may be in
 * flight at all is the capacity limit's job (CAPACITY_IMAGE → 503).
 */
/**
 * ONNX threads each engine thread's model runs may use: the cores shared out among the engine threads.
 * onnxruntime's default (every core, per session) put two engine threads' runs on four threads over two
 * cores, so a run next to another (a caller's that will be cancelled, say) took twice as long as alone.
 */
export function onnxThreadsPerEngine(engineThreads: number, cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / Math.max(1, engineThreads)));
}

export class EnginePool {
  private readonly pool: Piscina;
  private readonly threads: number;
  private readonly logger: Logger | undefined;
  private readonly waiting: Waiting[] = [];
  /** Threads given to a task (handed to piscina, or about to be). */
  private busy = 0;
  /** The tasks handed to piscina and their cancel flags, raised all at once on close. */
  private readonly running = new Set<Promise<unknown>>();
  private readonly flags = new Set<SharedArrayBuffer>();
  private registry: Promise<FontsRegistry> | undefined;
  /**
   * Cancelled tasks still running, by caller. A model run cannot be stopped once begun, so a cancelled
   * task keeps its thread until the run ends; meanwhile its caller's next task waits rather than take
   * the other thread, which a caller who did not cancel would have used next.
   */
  private readonly windingDown = new Map<string, number>();
  readonly stats: EnginePoolStats = { crashed: 0, droppedWaiting: 0, heldBehindCancelled: 0 };

  constructor(options: EnginePoolOptions) {
    this.threads = options.threads;
    this.logger = options.logger;
    this.pool = new Piscina({
      filename: new URL("./engine-worker.ts", import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      // Models take a second or two to load: keep a warm thread around rather than reloading per burst.
      idleTimeout: 10 * 60_000,
      // The worker is TypeScript, as the rest of the server: each thread loads it through tsx.
      execArgv: ["--import", "tsx"],
      // A young generation sized for the engine's short-lived arrays (src/engine/node/heap-settings.ts).
      resourceLimits: { maxYoungGenerationSizeMb: ENGINE_YOUNG_GENERATION_MB },
      workerData: { translation: options.translation, onnxThreads: onnxThreadsPerEngine(options.threads) },
    });
    // A thread that dies outside a task is reported here; unheard, the 'error' event would take the whole
    // server down. Its task (if any) is rejected by piscina, and the next task gets a fresh thread.
    this.pool.on("error", (error: unknown) => {
      this.stats.crashed++;
      this.logger?.error("an engine thread died", { error });
    });
  }

  /**
   * Runs a task; GatewayErrors raised in the worker come back as GatewayErrors. Cancellation is
   * cooperative: a worker is never terminated (killing a thread inside onnxruntime or canvas native code
   * takes the whole process down). A task still waiting for a thread is dropped at once; a running one
   * sees its shared flag raised, which the worker turns into the engine's own AbortSignal, checked
   * between stages and inside long loops, and answers "cancelled" without losing its thread.
   */
  async run(task: EngineTask, signal?: AbortSignal, owner?: string): Promise<Done> {
    await this.turn(signal, owner);
    const cancel = new SharedArrayBuffer(4);
    let counted = false;
    const raise = () => {
      Atomics.store(new Int32Array(cancel), 0, 1);
      if (owner === undefined || counted) return;
      counted = true;
      this.windingDown.set(owner, (this.windingDown.get(owner) ?? 0) + 1);
    };
    if (signal?.aborted) raise();
    signal?.addEventListener("abort", raise, { once: true });
    // The image is copied to the worker, not transferred: the request's buffer may be shared with the
    // socket's buffer pool, and a copy costs a millisecond against hundreds of the engine.
    const running = this.pool.run({ ...task, cancel }) as Promise<EngineTaskResult>;
    this.running.add(running);
    this.flags.add(cancel);
    let result: EngineTaskResult;
    try {
      result = await running;
    } catch (error) {
      this.stats.crashed++;
      this.logger?.error("an engine thread died under a task", { error });
      throw new GatewayError(
        "ROUTING_INCIDENT",
        "The image could not be processed (an engine worker failed); retry the request.",
        { cause: error },
      );
    } finally {
      signal?.removeEventListener("abort", raise);
      if (counted) {
        const left = (this.windingDown.get(owner!) ?? 1) - 1;
        if (left > 0) this.windingDown.set(owner!, left);
        else this.windingDown.delete(owner!);
      }
      this.running.delete(running);
      this.flags.delete(cancel);
      this.busy--;
      this.next();
    }
    if (signal?.aborted)
      throw new GatewayError("BAD_REQUEST", "The caller closed the request before the answer.");
    if (result.kind === "error")
      throw new GatewayError(result.code, result.message, { status: result.status });
    return result;
  }

  /**
   * Waits for a free thread (in order, but behind its caller's cancelled task while that still runs);
   * rejects at once if the caller leaves meanwhile.
   */
  private turn(signal: AbortSignal | undefined, owner: string | undefined): Promise<void> {
    if (signal?.aborted)
      return Promise.reject(
        new GatewayError("BAD_REQUEST", "The caller closed the request before the answer."),
      );
    const held = this.heldBack(owner);
    if (this.busy < this.threads && this.waiting.length === 0 && !held) {
      this.busy++;
      return Promise.resolve();
    }
    if (held) this.stats.heldBehindCancelled++;
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        owner,
        start: () => {
          signal?.removeEventListener("abort", leave);
          resolve();
        },
        drop: reject,
      };
      const leave = () => {
        const at = this.waiting.indexOf(entry);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        this.stats.droppedWaiting++;
        reject(new GatewayError("BAD_REQUEST", "The caller closed the request before the answer."));
      };
      signal?.addEventListener("abort", leave, { once: true });
      this.waiting.push(entry);
    });
  }

  private heldBack(owner: string | undefined): boolean {
    return owner !== undefined && this.windingDown.has(owner);
  }

  /** Hands the next waiting tasks threads, in order, skipping callers held back; run whenever a task settles. */
  private next(): void {
    while (this.busy < this.threads) {
      const at = this.waiting.findIndex((w) => !this.heldBack(w.owner));
      if (at < 0) return;
      this.busy++;
      this.waiting.splice(at, 1)[0]!.start();
    }
  }

  /** The bundled fonts registry, read from the fonts' own cmaps once, then served from memory. */
  fontsRegistry(): Promise<FontsRegistry> {
    this.registry ??= this.run({ kind: "fonts" }).then((r) => (r as { registry: FontsRegistry }).registry);
    this.registry.catch(() => {
      this.registry = undefined;
    });
    return this.registry;
  }

  /**
   * Starts every thread and loads its models ahead of the first calls. Piscina starts a thread only when
   * a task finds none idle: warmed one thread only, the second started the first time two calls
   * overlapped (a caller's that was about to be cancelled, say), and spent seconds loading the engine's
   * modules and models next to the call it was meant to spare.
   */
  warm(): Promise<unknown> {
    return Promise.all(Array.from({ length: this.threads }, () => this.run({ kind: "warm" })));
  }

  /** Threads started and alive (a warmed pool has all of them). */
  get threadsStarted(): number {
    return this.pool.threads.length;
  }

  /**
   * Stops the pool: waiting tasks are refused, running ones cancelled and waited for (a thread is
   * terminated only once idle, never inside native code), then the threads go.
   */
  async close(): Promise<void> {
    for (const entry of this.waiting.splice(0))
      entry.drop(new GatewayError("SERVICE_UNAVAILABLE", "The server is shutting down; retry the request."));
    for (const flag of this.flags) Atomics.store(new Int32Array(flag), 0, 1);
    const settled = Promise.allSettled([...this.running]);
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    await this.pool.destroy();
  }
}
