import { describe, expect, it } from "vitest";
import { batches, ctcDecode } from "../../src/engine/recognize.ts";

/** Crops by aspect ratio (width over height), sorted as the recognizer sorts them. */
const crops = (...ratios: number[]) => ratios.map((ratio, i) => ({ i, ratio }));
const sizes = (bs: { i: number }[][]) => bs.map((b) => b.length);

describe("recognition batches", () => {
  it("puts up to eight similar short lines in one batch", () => {
    expect(sizes(batches(crops(...Array(10).fill(4)), 8))).toEqual([8, 2]);
  });

  it("keeps a short line apart from one more than 1.5 times wider", () => {
    expect(sizes(batches(crops(7, 8, 12, 13), 8))).toEqual([2, 2]);
  });
});

describe("greedy CTC decoding", () => {
  const charset = ["", "A", "B", " "];
  const steps = (...rows: number[][]) => Float32Array.from(rows.flat());

  it("merges repeats, drops blanks and averages the emitted probabilities", () => {
    const probs = steps([0.1, 0.8, 0.05, 0.05], [0.1, 0.8, 0.05, 0.05], [0.9, 0, 0.1, 0], [0.2, 0.6, 0.2, 0]);
    const r = ctcDecode(probs, 4, 4, 0, charset);
    expect(r.text).toBe("AA");
    expect(r.confidence).toBeCloseTo(0.7);
  });

  it("restores a space between Latin letters where the space class rose in the gap", () => {
    const probs = steps([0, 1, 0, 0], [0.85, 0, 0, 0.15], [0, 0, 1, 0]);
    expect(ctcDecode(probs, 3, 4, 0, charset).text).toBe("A B");
  });

  it("emits only allowed classes when a language restricts them", () => {
    const probs = steps([0.2, 0.5, 0.3, 0]);
    expect(ctcDecode(probs, 1, 4, 0, charset, Uint8Array.from([0, 0, 1, 1])).text).toBe("B");
  });
});
