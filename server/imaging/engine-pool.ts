import { Piscina } from "piscina";
import { GatewayError } from "../../src/contract/errors.ts";
import type { FontsRegistry } from "../../src/contract/image-translate.ts";
import { ENGINE_YOUNG_GENERATION_MB } from "../../src/engine/node/heap-settings.ts";
import type { TranslationSettings } from "../../src/translate/node/create-server-translator.ts";
import type { EngineTask, EngineTaskResult } from "./engine-task.ts";

export interface EnginePoolOptions {
  threads: number;
  translation: TranslationSettings;
}

type Done = Exclude<EngineTaskResult, { kind: "error" }>;

/**
 * The worker threads that run the image engine, so a translation (hundreds of milliseconds of CPU)
 * never blocks the gateway's event loop. Piscina queues tasks beyond the threads; how many may be in
 * flight at all is the capacity limit's job (CAPACITY_IMAGE → 503).
 */
export class EnginePool {
  private readonly pool: Piscina;
  private registry: Promise<FontsRegistry> | undefined;

  constructor(options: EnginePoolOptions) {
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
      workerData: { translation: options.translation },
    });
  }

  /**
   * Runs a task; GatewayErrors raised in the worker come back as GatewayErrors. Cancellation is
   * cooperative: a worker is never terminated (killing a thread inside onnxruntime or canvas native code
   * takes the whole process down); the caller's abort raises a shared flag that the worker turns into the
   * engine's own AbortSignal, which its stages check.
   */
  async run(task: EngineTask, signal?: AbortSignal): Promise<Done> {
    const cancel = signal ? new SharedArrayBuffer(4) : undefined;
    const raise = () => {
      if (cancel) Atomics.store(new Int32Array(cancel), 0, 1);
    };
    signal?.addEventListener("abort", raise, { once: true });
    let result: EngineTaskResult;
    try {
      // The image is copied to the worker, not transferred: the request's buffer may be shared with the
      // socket's buffer pool, and a copy costs a millisecond against hundreds of the engine.
      result = await this.pool.run(cancel ? { ...task, cancel } : task);
    } catch (error) {
      throw new GatewayError(
        "ROUTING_INCIDENT",
        "The image could not be processed (an engine worker failed); retry the request.",
        { cause: error },
      );
    } finally {
      signal?.removeEventListener("abort", raise);
    }
    if (signal?.aborted)
      throw new GatewayError("BAD_REQUEST", "The caller closed the request before the answer.");
    if (result.kind === "error")
      throw new GatewayError(result.code, result.message, { status: result.status });
    return result;
  }

  /** The bundled fonts registry, read from the fonts' own cmaps once, then served from memory. */
  fontsRegistry(): Promise<FontsRegistry> {
    this.registry ??= this.run({ kind: "fonts" }).then((r) => (r as { registry: FontsRegistry }).registry);
    this.registry.catch(() => {
      this.registry = undefined;
    });
    return this.registry;
  }

  /** Loads the models in one thread ahead of the first call. */
  warm(): Promise<unknown> {
    return this.run({ kind: "warm" });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
