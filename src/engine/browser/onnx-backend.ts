/**
 * Which onnxruntime-web build runs the models: WebGPU when the browser has a GPU adapter, else WASM.
 * A software adapter (SwiftShader, `isFallbackAdapter`) runs WebGPU on the CPU, slower than the WASM
 * build's SIMD kernels, so `auto` takes WebGPU only from a hardware adapter; `webgpu` takes any adapter
 * (a user who wants the GPU path whatever it costs, and the tests, which have only SwiftShader).
 */

export const ONNX_BACKEND_CHOICES = ["auto", "webgpu", "wasm"] as const;
export type OnnxBackendChoice = (typeof ONNX_BACKEND_CHOICES)[number];
export type OnnxBackend = "webgpu" | "wasm";

/** The part of a GPUAdapter this module reads (typed here: the DOM lib of this project has no WebGPU). */
export interface GpuAdapterLike {
  readonly info?: {
    vendor?: string;
    architecture?: string;
    description?: string;
    isFallbackAdapter?: boolean;
  };
  /** Before Chrome 136 the flag sat on the adapter itself. */
  readonly isFallbackAdapter?: boolean;
  requestDevice(): Promise<unknown>;
}

export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: "high-performance" | "low-power";
  }): Promise<GpuAdapterLike | null>;
}

export interface BackendPick {
  backend: OnnxBackend;
  /** The adapter WebGPU runs on (handed to onnxruntime so it does not ask for another). */
  adapter?: GpuAdapterLike;
  /** For people: "WebGPU on nvidia (ampere)", or why WASM was chosen. */
  reason: string;
}

export function isFallbackAdapter(adapter: GpuAdapterLike): boolean {
  return adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false;
}

export function describeAdapter(adapter: GpuAdapterLike): string {
  const info = adapter.info ?? {};
  const name = [info.vendor, info.architecture].filter(Boolean).join(" ") || info.description || "a GPU";
  return isFallbackAdapter(adapter) ? `${name} (software)` : name;
}

/** Decides the backend; never throws (a broken WebGPU stack means WASM). */
export async function pickOnnxBackend(
  choice: OnnxBackendChoice,
  gpu: GpuLike | undefined,
): Promise<BackendPick> {
  if (choice === "wasm") return { backend: "wasm", reason: "WASM (chosen in the options)" };
  if (!gpu) return { backend: "wasm", reason: "WASM (this browser has no WebGPU)" };
  let adapter: GpuAdapterLike | null = null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: "high-performance" });
  } catch {
    adapter = null;
  }
  if (!adapter) return { backend: "wasm", reason: "WASM (no GPU adapter)" };
  if (choice === "auto" && isFallbackAdapter(adapter))
    return { backend: "wasm", reason: `WASM (the only GPU adapter is ${describeAdapter(adapter)})` };
  return { backend: "webgpu", adapter, reason: `WebGPU on ${describeAdapter(adapter)}` };
}

/** `navigator.gpu` where the context has one. */
export function browserGpu(): GpuLike | undefined {
  return (globalThis.navigator as unknown as { gpu?: GpuLike } | undefined)?.gpu;
}
