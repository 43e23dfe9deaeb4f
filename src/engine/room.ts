/**
 * Room beside a line: a translation much longer than its original (two Chinese characters become five
 * Hangul syllables) would otherwise have to shrink inside the original's box. Where the ground beside the
 * box is plain (the same colour as the line's own ground, no other text), the frame may grow sideways
 * into it, on the side the alignment allows, so the type keeps more of its size.
 */
import type { Rgb } from "../contract/image-translate.ts";
import type { Window } from "./inpaint.ts";
import type { Align } from "./layout.ts";
import type { RgbaImage } from "./raster.ts";
import type { RegionFrame } from "./render.ts";

/** A column beside the box is ground when this share of its pixels is within GROUND_DISTANCE of the ground. */
const GROUND_SHARE = 0.95;
const GROUND_DISTANCE = 40;
/** At most this share of the box's width is added on each side. */
const MAX_GROWTH = 0.35;
/** Columns this close to the picture's edge are never taken: type would touch the edge. */
const EDGE_MARGIN = 4;

/**
 * The frame grown sideways over plain ground (upright horizontal frames only; others come back as they
 * are). `obstacles` are the boxes of the other regions, which the frame never reaches into.
 */
export function widenOverGround(
  image: RgbaImage,
  frame: RegionFrame,
  ground: Rgb,
  obstacles: readonly Window[],
  align: Align,
): RegionFrame {
  if (frame.vertical || Math.abs(frame.angle) > 0.02) return frame;
  const x0 = Math.round(frame.origin[0]);
  const x1 = Math.round(frame.origin[0] + frame.width);
  const y0 = Math.max(0, Math.round(frame.origin[1]));
  const y1 = Math.min(image.height, Math.round(frame.origin[1] + frame.height));
  if (y1 - y0 < 2) return frame;
  const limit = Math.floor(frame.width * MAX_GROWTH);
  const blocked = obstacles.filter((o) => o.y < y1 && o.y + o.h > y0);
  const free = (x: number) =>
    x >= EDGE_MARGIN &&
    x < image.width - EDGE_MARGIN &&
    !blocked.some((o) => x >= o.x && x < o.x + o.w) &&
    isGroundColumn(image, x, y0, y1, ground);
  const reach = (from: number, step: number) => {
    let n = 0;
    while (n < limit && free(from + step * n)) n++;
    return n;
  };
  let left = align === "left" ? 0 : reach(x0 - 1, -1);
  let right = align === "right" ? 0 : reach(x1, 1);
  // Centred type stays centred: it grows by the same amount on both sides.
  if (align === "center") left = right = Math.min(left, right);
  if (left + right === 0) return frame;
  return { ...frame, origin: [frame.origin[0] - left, frame.origin[1]], width: frame.width + left + right };
}

function isGroundColumn(image: RgbaImage, x: number, y0: number, y1: number, ground: Rgb): boolean {
  const d = image.data;
  const limit = GROUND_DISTANCE * GROUND_DISTANCE;
  let near = 0;
  let total = 0;
  for (let y = y0; y < y1; y += 2) {
    const i = (y * image.width + x) * 4;
    total++;
    if ((d[i]! - ground.r) ** 2 + (d[i + 1]! - ground.g) ** 2 + (d[i + 2]! - ground.b) ** 2 <= limit) near++;
  }
  return near >= total * GROUND_SHARE;
}
