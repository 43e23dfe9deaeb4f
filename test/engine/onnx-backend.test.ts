/** Which onnxruntime-web build runs the models, from what the browser's WebGPU offers. */
import { describe, expect, it } from "vitest";
import { type GpuAdapterLike, type GpuLike, pickOnnxBackend } from "../../src/engine/browser/onnx-backend.ts";

const adapter = (info: GpuAdapterLike["info"], legacyFallback?: boolean): GpuAdapterLike => ({
  info,
  ...(legacyFallback === undefined ? {} : { isFallbackAdapter: legacyFallback }),
  requestDevice: async () => ({}),
});
const nvidia = adapter({ vendor: "nvidia", architecture: "hopper", isFallbackAdapter: false });
const swiftshader = adapter({ vendor: "google", architecture: "swiftshader", isFallbackAdapter: true });
const gpuWith = (a: GpuAdapterLike | null): GpuLike => ({ requestAdapter: async () => a });

describe("pickOnnxBackend", () => {
  it("runs on WebGPU when a graphics card is there", async () => {
    const pick = await pickOnnxBackend("auto", gpuWith(nvidia));
    expect(pick).toMatchObject({ backend: "webgpu", reason: "WebGPU on nvidia hopper" });
    expect(pick.adapter).toBe(nvidia);
  });

  it("keeps WASM on auto when the only adapter is software (SwiftShader is slower than WASM's SIMD)", async () => {
    const pick = await pickOnnxBackend("auto", gpuWith(swiftshader));
    expect(pick.backend).toBe("wasm");
    expect(pick.reason).toContain("google swiftshader (software)");
    // The flag as older Chrome versions carried it, on the adapter itself.
    const legacy = adapter({ vendor: "google" }, true);
    expect((await pickOnnxBackend("auto", gpuWith(legacy))).backend).toBe("wasm");
  });

  it("takes a software adapter when the user asked for WebGPU", async () => {
    expect((await pickOnnxBackend("webgpu", gpuWith(swiftshader))).backend).toBe("webgpu");
  });

  it("falls back to WASM, saying why, when WebGPU is missing, has no adapter or throws", async () => {
    expect(await pickOnnxBackend("webgpu", undefined)).toMatchObject({
      backend: "wasm",
      reason: "WASM (this browser has no WebGPU)",
    });
    expect(await pickOnnxBackend("auto", gpuWith(null))).toMatchObject({ reason: "WASM (no GPU adapter)" });
    const broken: GpuLike = { requestAdapter: () => Promise.reject(new Error("GPU process crashed")) };
    expect(await pickOnnxBackend("webgpu", broken)).toMatchObject({ backend: "wasm" });
  });

  it("never asks for an adapter when the user chose WASM", async () => {
    let asked = false;
    const gpu: GpuLike = {
      requestAdapter: async () => {
        asked = true;
        return nvidia;
      },
    };
    expect((await pickOnnxBackend("wasm", gpu)).backend).toBe("wasm");
    expect(asked).toBe(false);
  });
});
