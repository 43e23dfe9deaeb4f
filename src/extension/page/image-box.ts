/**
 * Where an image's pixels are on screen: its content box (border and padding removed) as a frame in the
 * viewport (centre, size in the element's own CSS pixels, and the 2-D linear map of its CSS transform,
 * times any scale its ancestors add), the part of it its scrolling or `overflow: hidden` ancestors let
 * through, and the axis-aligned box it covers (for hover). The overlay copies this frame, so the translated
 * picture lands on the original's pixels when the image is rotated, skewed or scaled, and is clipped the
 * way the image is (a carousel's window).
 * Ancestors' rotations are not followed (their scale and translation are); see docs/extension.md.
 */

export interface ImageBox {
  /** Axis-aligned box of the visible content box, viewport px (hover). */
  left: number;
  top: number;
  width: number;
  height: number;
  visible: boolean;
  frame: {
    /** Centre of the content box, viewport px. */
    cx: number;
    cy: number;
    /** The content box in the element's own CSS px, before transforms. */
    width: number;
    height: number;
    /** x' = a·x + c·y, y' = b·x + d·y (CSS `matrix()` order). */
    matrix: [number, number, number, number];
  };
  /** The visible part, as a polygon in the frame's own px; undefined when nothing clips the image. */
  clip: Array<[number, number]> | undefined;
}

type Rect = { left: number; top: number; right: number; bottom: number };

const px = (v: string) => Number.parseFloat(v) || 0;

function linearPart(style: CSSStyleDeclaration): [number, number, number, number] {
  if (!style.transform || style.transform === "none") return [1, 0, 0, 1];
  try {
    const m = new DOMMatrixReadOnly(style.transform);
    return [m.a, m.b, m.c, m.d];
  } catch {
    return [1, 0, 0, 1];
  }
}

/** The intersection of the padding boxes of the ancestors that clip their overflow. */
function clipRect(element: Element): Rect | undefined {
  let clip: Rect | undefined;
  for (let p = element.parentElement; p && p !== document.body && p !== document.documentElement; ) {
    const style = getComputedStyle(p);
    if (style.overflowX !== "visible" || style.overflowY !== "visible") {
      const r = p.getBoundingClientRect();
      const left = r.left + p.clientLeft;
      const top = r.top + p.clientTop;
      const box = { left, top, right: left + p.clientWidth, bottom: top + p.clientHeight };
      clip = clip
        ? {
            left: Math.max(clip.left, box.left),
            top: Math.max(clip.top, box.top),
            right: Math.min(clip.right, box.right),
            bottom: Math.min(clip.bottom, box.bottom),
          }
        : box;
    }
    // A fixed element escapes its ancestors' overflow.
    if (style.position === "fixed") break;
    p = p.parentElement;
  }
  return clip;
}

export function contentBox(element: Element): ImageBox {
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const html = element as HTMLElement;
  const w = html.offsetWidth || rect.width;
  const h = html.offsetHeight || rect.height;
  let [a, b, c, d] = linearPart(style);
  // What the ancestors add: the scale between the box transformed by its own transform and the rect.
  const ownW = Math.abs(a) * w + Math.abs(c) * h;
  const ownH = Math.abs(b) * w + Math.abs(d) * h;
  const sx = ownW ? rect.width / ownW : 1;
  const sy = ownH ? rect.height / ownH : 1;
  [a, c, b, d] = [a * sx, c * sx, b * sy, d * sy];
  const inset = {
    left: px(style.borderLeftWidth) + px(style.paddingLeft),
    right: px(style.borderRightWidth) + px(style.paddingRight),
    top: px(style.borderTopWidth) + px(style.paddingTop),
    bottom: px(style.borderBottomWidth) + px(style.paddingBottom),
  };
  const width = Math.max(0, w - inset.left - inset.right);
  const height = Math.max(0, h - inset.top - inset.bottom);
  // The content box's centre, from the border box's (the centre of the rect: a parallelogram's is).
  const dx = (inset.left - inset.right) / 2;
  const dy = (inset.top - inset.bottom) / 2;
  const cx = rect.left + rect.width / 2 + a * dx + c * dy;
  const cy = rect.top + rect.height / 2 + b * dx + d * dy;
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([u, v]) => {
    const x = (u! * width) / 2;
    const y = (v! * height) / 2;
    return [cx + a * x + c * y, cy + b * x + d * y] as const;
  });
  let aabb: Rect = {
    left: Math.min(...corners.map((p) => p[0])),
    right: Math.max(...corners.map((p) => p[0])),
    top: Math.min(...corners.map((p) => p[1])),
    bottom: Math.max(...corners.map((p) => p[1])),
  };
  const frame = { cx, cy, width, height, matrix: [a, b, c, d] as [number, number, number, number] };
  let clip: ImageBox["clip"];
  const by = clipRect(element);
  if (by && (by.left > aabb.left || by.top > aabb.top || by.right < aabb.right || by.bottom < aabb.bottom)) {
    clip = toFrame(by, frame);
    aabb = {
      left: Math.max(aabb.left, by.left),
      top: Math.max(aabb.top, by.top),
      right: Math.min(aabb.right, by.right),
      bottom: Math.min(aabb.bottom, by.bottom),
    };
  }
  const visible =
    element.isConnected &&
    width > 0 &&
    height > 0 &&
    aabb.right > aabb.left &&
    aabb.bottom > aabb.top &&
    style.visibility !== "hidden" &&
    style.display !== "none";
  return {
    left: aabb.left,
    top: aabb.top,
    width: Math.max(0, aabb.right - aabb.left),
    height: Math.max(0, aabb.bottom - aabb.top),
    visible,
    frame,
    clip,
  };
}

/** A viewport rectangle's corners in the frame's own px (the inverse of its linear map). */
function toFrame(r: Rect, f: ImageBox["frame"]): Array<[number, number]> {
  const [a, b, c, d] = f.matrix;
  const det = a * d - b * c || 1;
  return [
    [r.left, r.top],
    [r.right, r.top],
    [r.right, r.bottom],
    [r.left, r.bottom],
  ].map(([X, Y]) => {
    const x = X! - f.cx;
    const y = Y! - f.cy;
    return [(d * x - c * y) / det + f.width / 2, (-b * x + a * y) / det + f.height / 2];
  });
}

const isIdentity = (m: number[]) =>
  Math.abs(m[0]! - 1) < 1e-4 &&
  Math.abs(m[1]!) < 1e-4 &&
  Math.abs(m[2]!) < 1e-4 &&
  Math.abs(m[3]! - 1) < 1e-4;

/** The overlay host's style for a box: placed on the frame, transformed and clipped like the image. */
export function boxStyle(box: ImageBox): Record<string, string> {
  const f = box.frame;
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    display: box.visible ? "block" : "none",
    left: `${round(f.cx - f.width / 2)}px`,
    top: `${round(f.cy - f.height / 2)}px`,
    width: `${round(f.width)}px`,
    height: `${round(f.height)}px`,
    transform: isIdentity(f.matrix)
      ? ""
      : `matrix(${f.matrix.map((v) => round(v * 1e4) / 1e4).join(",")},0,0)`,
    clipPath: box.clip ? `polygon(${box.clip.map(([x, y]) => `${round(x)}px ${round(y)}px`).join(",")})` : "",
  };
}
