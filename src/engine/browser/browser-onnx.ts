/**
 * ONNX sessions on onnxruntime-web: its WebGPU build where `pickOnnxBackend` finds an adapter, else its
 * WASM build. Each build is its own module, imported on first use, so a page loads one of them. The .wasm
 * files are served by the host (the extension's public/ or a test server), never fetched from a CDN:
 * `wasmPaths` must point at them.
 */
import { adaptOrtSession } from "../ort-session.ts";
import type { OnnxPort, OnnxSession } from "../ports.ts";
import {
  type BackendPick,
  browserGpu,
  type GpuLike,
  type OnnxBackend,
  type OnnxBackendChoice,
  pickOnnxBackend,
} from "./onnx-backend.ts";

type Ort = typeof import("onnxruntime-web/wasm");

export interface BrowserOnnxOptions {
  /** URL prefix where ort-wasm-simd-threaded{,.asyncify}.{mjs,wasm} are served. */
  wasmPaths: string;
  /** WASM threads; more than 1 needs a cross-origin-isolated page. */
  numThreads?: number;
  /** Default auto: WebGPU on a hardware adapter, else WASM. */
  backend?: OnnxBackendChoice;
  /** Where to look for WebGPU; default `navigator.gpu` (tests pass their own). */
  gpu?: GpuLike;
}

/** What runs the models, for the options page and the tests. */
export interface OnnxRuntimeInfo {
  backend: OnnxBackend;
  /** "WebGPU on nvidia ampere", "WASM (no GPU adapter)", or why WebGPU was given up. */
  description: string;
  threads: number;
}

interface Runtime {
  ort: Ort;
  pick: BackendPick;
}

export class BrowserOnnxPort implements OnnxPort {
  private runtime: Promise<Runtime> | undefined;
  private info: OnnxRuntimeInfo | undefined;
  private webgpuTurn: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: BrowserOnnxOptions) {}

  /** Undefined until the first session is created. */
  runtimeInfo(): OnnxRuntimeInfo | undefined {
    return this.info;
  }

  async createSession(model: Uint8Array): Promise<OnnxSession> {
    if (!this.runtime) {
      this.runtime = this.loadRuntime();
      // A build that failed to load (a file missing from the package) is tried again on the next image.
      this.runtime.catch(() => {
        this.runtime = undefined;
      });
    }
    const { ort, pick } = await this.runtime;
    if (pick.backend !== "webgpu") return this.create(ort, pick, model);
    // The WebGPU build refuses a second session while one is being created ("another WebGPU EP inference
    // session is being created"), and its asyncify'd calls must not interleave: one call at a time.
    const session = await this.oneAtATime(() => this.create(ort, pick, model));
    return { ...session, run: (feeds) => this.oneAtATime(() => session.run(feeds)) };
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.webgpuTurn.then(work);
    this.webgpuTurn = turn.catch(() => undefined);
    return turn;
  }

  private async create(ort: Ort, pick: BackendPick, model: Uint8Array): Promise<OnnxSession> {
    // On WASM the optimizer's rewrites did not make either model faster (measured), while its work
    // grows the WebAssembly heap at load, and that memory is never returned: skip it there.
    const create = (provider: OnnxBackend) =>
      ort.InferenceSession.create(model, {
        executionProviders: [provider],
        graphOptimizationLevel: provider === "wasm" ? "disabled" : "all",
      });
    let session: Awaited<ReturnType<typeof create>>;
    try {
      session = await create(this.info?.backend ?? pick.backend);
    } catch (error) {
      if ((this.info?.backend ?? pick.backend) !== "webgpu") throw error;
      // The WebGPU build also carries the WASM kernels: keep working on the CPU, and say why.
      this.info = {
        backend: "wasm",
        description: `WASM (WebGPU failed: ${error instanceof Error ? error.message : String(error)})`,
        threads: ort.env.wasm.numThreads ?? 1,
      };
      session = await create("wasm");
    }
    return adaptOrtSession(session, (data, dims) => new ort.Tensor("float32", data, dims));
  }

  private async loadRuntime(): Promise<Runtime> {
    const pick = await pickOnnxBackend(this.options.backend ?? "auto", this.options.gpu ?? browserGpu());
    const ort: Ort =
      pick.backend === "webgpu"
        ? await import("onnxruntime-web/webgpu")
        : await import("onnxruntime-web/wasm");
    ort.env.wasm.wasmPaths = this.options.wasmPaths;
    const isolated = typeof crossOriginIsolated !== "undefined" && crossOriginIsolated;
    ort.env.wasm.numThreads = isolated
      ? (this.options.numThreads ?? Math.min(4, navigator.hardwareConcurrency || 1))
      : 1;
    if (pick.adapter) ort.env.webgpu.adapter = pick.adapter as unknown as typeof ort.env.webgpu.adapter;
    this.info = { backend: pick.backend, description: pick.reason, threads: ort.env.wasm.numThreads };
    return { ort, pick };
  }
}
