import { describe, expect, it } from "vitest";
import { TextDetector } from "../../src/engine/detect.ts";
import type { OnnxSession, TensorData } from "../../src/engine/ports.ts";
import type { RgbaImage } from "../../src/engine/raster.ts";

/**
 * Issue 16 item 1: the detection model's run cannot be stopped once begun, so a cancelled call must not
 * begin it, nor decode its map afterwards (the post-processing is the stage's other half).
 */
function session(onRun: () => void): OnnxSession & { runs: number } {
  const s = {
    inputNames: ["x"],
    outputNames: ["y"],
    runs: 0,
    async run(feeds: Record<string, TensorData>) {
      s.runs++;
      onRun();
      const [, , h, w] = feeds.x!.dims as number[];
      // A map that is text everywhere: decoded, it is a line.
      return { y: { data: new Float32Array(h! * w!).fill(1), dims: [1, 1, h!, w!] } };
    },
    release: async () => {},
  };
  return s;
}

const image: RgbaImage = { width: 320, height: 160, data: new Uint8ClampedArray(320 * 160 * 4).fill(200) };

describe("detection and a cancel", () => {
  it("reads lines when nobody cancels", async () => {
    const lines = await new TextDetector(session(() => {})).detect(image, new AbortController().signal);
    expect(lines.length).toBeGreaterThan(0);
  });

  it("does not decode the map of a call cancelled during the model's run", async () => {
    const controller = new AbortController();
    const s = session(() => controller.abort());
    await expect(new TextDetector(s).detect(image, controller.signal)).rejects.toThrow(/abort/i);
    expect(s.runs).toBe(1);
  });

  it("does not begin the run for a call cancelled before it", async () => {
    const controller = new AbortController();
    controller.abort();
    const s = session(() => {});
    await expect(new TextDetector(s).detect(image, controller.signal)).rejects.toThrow(/abort/i);
    expect(s.runs).toBe(0);
  });
});
