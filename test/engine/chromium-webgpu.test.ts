/**
 * The engine's WebGPU path in real headless Chromium. This machine has no GPU: Chromium's WebGPU adapter is
 * SwiftShader's (software), the same code path as a graphics card but far slower (one OCR of a small scene
 * took about 250 s of inference on it, against about 1 s on WASM), so `auto` must keep WASM there, and
 * `webgpu` must load the WebGPU build and create both models' sessions on it. The models' answers on a real
 * GPU are checked by the device check (scripts/device/, docs/extension.md).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { OnnxRuntimeInfo } from "../../src/engine/browser/browser-onnx.ts";
import { type BrowserHarness, startBrowserHarness } from "./support/browser-harness.ts";

let harness: BrowserHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe("the ONNX backend in Chromium", () => {
  it("keeps WASM on auto when the only WebGPU adapter is software, and says so", async () => {
    harness = await startBrowserHarness({ webgpu: true, backend: "auto" });
    await harness.call("warm");
    const runtime = await harness.call<OnnxRuntimeInfo>("runtime");
    expect(runtime.backend).toBe("wasm");
    expect(runtime.description).toMatch(/^WASM \(the only GPU adapter is .*\(software\)\)$/);
  }, 300_000);

  it("loads the WebGPU build and creates both sessions on it when WebGPU is chosen", async () => {
    harness = await startBrowserHarness({ webgpu: true, backend: "webgpu" });
    // The engine creates the two sessions at once; the WebGPU build refuses a second creation while one
    // runs, so this fails unless the port takes them one at a time.
    await harness.call("warm");
    const runtime = await harness.call<OnnxRuntimeInfo>("runtime");
    expect(runtime).toMatchObject({ backend: "webgpu" });
    expect(runtime.description).toMatch(/^WebGPU on .*swiftshader/i);
  }, 360_000);
});
