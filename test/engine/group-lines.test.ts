/** Grouping: lines a reader takes as one phrase become one region, upright or on a slanted label. */
import { describe, expect, it } from "vitest";
import type { Quad } from "../../src/engine/geometry.ts";
import { type AnalyzedLine, groupLines } from "../../src/engine/group-lines.ts";

const INK = { r: 30, g: 25, b: 25 };
const PAPER = { r: 225, g: 218, b: 222 };

/** A w x h line whose top-left corner is at (x, y) in a frame turned by `tilt` radians. */
function line(text: string, x: number, y: number, w: number, h: number, tilt = 0): AnalyzedLine {
  const c = Math.cos(tilt);
  const s = Math.sin(tilt);
  const at = (u: number, v: number): [number, number] => [u * c - v * s, u * s + v * c];
  const quad = [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)] as Quad;
  return {
    text,
    quad,
    vertical: false,
    confidence: 0.9,
    analysis: {
      textColor: INK,
      bgColor: PAPER,
      badge: { isBadge: false, box: { x, y, w, h } },
      ink: w,
      weight: "Bold",
    },
  } as unknown as AnalyzedLine;
}

describe("grouping lines", () => {
  it("joins stacked short lines of one colour and alignment", () => {
    const groups = groupLines([
      line("DRY CLEAN ANY", 400, 300, 150, 22),
      line("SOLVENT EXCEPT", 402, 326, 165, 22),
    ]);
    expect(groups.map((g) => g.text)).toEqual(["DRY CLEAN ANY SOLVENT EXCEPT"]);
  });

  it("joins them on a label tilted alike, in reading order", () => {
    const tilt = 0.25;
    const groups = groupLines([
      line("SOLVENT EXCEPT", 402, 326, 165, 22, tilt),
      line("DRY CLEAN ANY", 400, 300, 150, 22, tilt),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.text).toBe("DRY CLEAN ANY SOLVENT EXCEPT");
    expect(groups[0]!.rows).toBe(2);
  });

  it("keeps apart lines tilted differently", () => {
    const groups = groupLines([
      line("DRY CLEAN ANY", 400, 300, 150, 22, 0.25),
      line("SOLVENT EXCEPT", 402, 326, 165, 22, 0.4),
    ]);
    expect(groups).toHaveLength(2);
  });
});
