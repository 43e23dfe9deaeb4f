/** Plane geometry for text boxes: hulls, minimum-area rectangles, quads and their overlap. */

export type Point = readonly [number, number];
/** Four corners, clockwise in image coordinates from the top-left: TL, TR, BR, BL. */
export type Quad = readonly [Point, Point, Point, Point];

export interface RotatedRect {
  cx: number;
  cy: number;
  /** Length along the rectangle's own x axis (the angle's direction). */
  width: number;
  height: number;
  /** Radians. */
  angle: number;
}

/** Andrew's monotone chain; returns the hull counter-clockwise in a y-down frame, without repeats. */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length <= 2) return pts;
  const cross = (o: Point, a: Point, b: Point) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Minimum-area enclosing rectangle by rotating calipers over the hull's edges. */
export function minAreaRect(points: readonly Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 0) return { cx: 0, cy: 0, width: 0, height: 0, angle: 0 };
  if (hull.length === 1) return { cx: hull[0]![0], cy: hull[0]![1], width: 0, height: 0, angle: 0 };
  let best: RotatedRect | undefined;
  let bestArea = Number.POSITIVE_INFINITY;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy;
      const v = -p[0] * uy + p[1] * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea - 1e-9) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = {
        cx: cu * ux - cv * uy,
        cy: cu * uy + cv * ux,
        width: maxU - minU,
        height: maxV - minV,
        angle: Math.atan2(uy, ux),
      };
    }
  }
  return best ?? { cx: hull[0]![0], cy: hull[0]![1], width: 0, height: 0, angle: 0 };
}

export function rectCorners(r: RotatedRect): Point[] {
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  const hw = r.width / 2;
  const hh = r.height / 2;
  return [
    [r.cx - hw * c + hh * s, r.cy - hw * s - hh * c],
    [r.cx + hw * c + hh * s, r.cy + hw * s - hh * c],
    [r.cx + hw * c - hh * s, r.cy + hw * s + hh * c],
    [r.cx - hw * c - hh * s, r.cy - hw * s + hh * c],
  ];
}

/**
 * Orders four corners TL, TR, BR, BL the way PaddleOCR does: the two left-most points make the left side,
 * the upper of each pair comes first.
 */
export function orderQuad(points: readonly Point[]): Quad {
  const s = [...points].sort((a, b) => a[0] - b[0]);
  const [l1, l2, r1, r2] = s as [Point, Point, Point, Point];
  const [tl, bl] = l1[1] <= l2[1] ? [l1, l2] : [l2, l1];
  const [tr, br] = r1[1] <= r2[1] ? [r1, r2] : [r2, r1];
  return [tl, tr, br, bl];
}

export function quadBBox(q: readonly Point[]): { x: number; y: number; w: number; h: number } {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of q) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Side lengths of a quad: its reading width (top/bottom) and height (left/right). */
export function quadSize(q: Quad): { width: number; height: number } {
  const d = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  return {
    width: Math.max(d(q[0], q[1]), d(q[3], q[2])),
    height: Math.max(d(q[0], q[3]), d(q[1], q[2])),
  };
}

/** Angle of the quad's top edge, radians. */
export function quadAngle(q: Quad): number {
  const dx = q[1][0] - q[0][0] + (q[2][0] - q[3][0]);
  const dy = q[1][1] - q[0][1] + (q[2][1] - q[3][1]);
  return Math.atan2(dy, dx);
}

export function polygonArea(p: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i]!;
    const [x2, y2] = p[(i + 1) % p.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return Math.abs(a) / 2;
}

/** Intersection of two convex polygons (Sutherland-Hodgman). */
export function clipConvex(subject: readonly Point[], clip: readonly Point[]): Point[] {
  let out: Point[] = [...subject];
  const orient = signedArea(clip) >= 0 ? 1 : -1;
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const inside = (p: Point) =>
      orient * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0;
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      const pin = inside(p);
      const qin = inside(q);
      if (pin) out.push(p);
      if (pin !== qin) out.push(intersect(p, q, a, b));
    }
  }
  return out;
}

function signedArea(p: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i]!;
    const [x2, y2] = p[(i + 1) % p.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

function intersect(p: Point, q: Point, a: Point, b: Point): Point {
  const d = (p[0] - q[0]) * (a[1] - b[1]) - (p[1] - q[1]) * (a[0] - b[0]);
  if (d === 0) return p;
  const t = ((p[0] - a[0]) * (a[1] - b[1]) - (p[1] - a[1]) * (a[0] - b[0])) / d;
  return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
}

/** Intersection over union of two convex polygons. */
export function polygonIoU(a: readonly Point[], b: readonly Point[]): number {
  const inter = polygonArea(clipConvex(a, b));
  const union = polygonArea(a) + polygonArea(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** Whether a point lies inside a convex polygon (either winding). */
export function insideConvex(p: Point, poly: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const c = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (c === 0) continue;
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}
