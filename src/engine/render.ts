/**
 * Stage 7b: draws laid-out translations onto the erased image through the canvas port: the region's own
 * frame (position and angle), the analysed text colour, and an outline where the colour would not stand
 * out from the repainted ground.
 */
import type { Rgb } from "../contract/image-translate.ts";
import { contrastRatio, cssColor, rgb } from "./color.ts";
import { type Point, quadAngle, quadBBox, quadSize } from "./geometry.ts";
import type { LineGroup } from "./group-lines.ts";
import type { Align, TextLayout } from "./layout.ts";
import type { DrawingContext } from "./ports.ts";
import type { RgbaImage } from "./raster.ts";

export interface RegionFrame {
  origin: Point;
  angle: number;
  width: number;
  height: number;
  vertical: boolean;
}

/**
 * The box a translation is set in: the region's quad, or the inside of its badge when that is roomier and
 * the badge holds no other text (a price left as it is shares its badge with the label beside it).
 */
export function regionFrame(group: LineGroup, others: readonly LineGroup[] = []): RegionFrame {
  const q = group.quad;
  const vertical = group.lines.length === 1 && group.lines[0]!.vertical;
  const { width, height } = quadSize(q);
  const angle = quadAngle(q);
  const badge = group.lead.analysis.badge.box;
  const shared = others.some((o) => {
    if (o === group) return false;
    const b = quadBBox(o.quad);
    return b.x < badge.x + badge.w && badge.x < b.x + b.w && b.y < badge.y + badge.h && badge.y < b.y + b.h;
  });
  if (group.isBadge && !shared && Math.abs(angle) < 0.05) {
    const inset = Math.min(badge.w, badge.h) * 0.12;
    const bw = badge.w - 2 * inset;
    const bh = badge.h - 2 * inset;
    if (bw >= width && bh >= height * 0.9) {
      return {
        origin: [badge.x + inset, badge.y + inset],
        angle: 0,
        width: bw,
        height: Math.max(bh, height),
        vertical,
      };
    }
  }
  return { origin: q[0], angle, width, height, vertical };
}

/** Where the original lines sat: flush left, centred or flush right (badges and centred lines centre). */
export function guessAlign(group: LineGroup, imageWidth: number): Align {
  if (group.isBadge) return "center";
  if (group.lines.length > 1) {
    const boxes = group.lines.map((l) => quadBBox(l.quad));
    const spread = (f: (b: (typeof boxes)[number]) => number) => {
      const v = boxes.map(f);
      return Math.max(...v) - Math.min(...v);
    };
    const left = spread((b) => b.x);
    const centre = spread((b) => b.x + b.w / 2);
    const right = spread((b) => b.x + b.w);
    if (centre <= left && centre <= right) return "center";
    return left <= right ? "left" : "right";
  }
  const bb = quadBBox(group.quad);
  const mid = bb.x + bb.w / 2;
  if (Math.abs(mid - imageWidth / 2) < imageWidth * 0.04) return "center";
  if (bb.x + bb.w > imageWidth * 0.97 && bb.x > imageWidth * 0.1) return "right";
  return "left";
}

export interface InkStyle {
  fill: Rgb;
  /** Outline colour and width in pixels, when the fill alone would not read. */
  outline?: { color: Rgb; width: number };
}

/** Outline when the text colour and the repainted ground under the box are too close (WCAG ratio < 2.5). */
export function inkStyle(textColor: Rgb, ground: Rgb, size: number): InkStyle {
  if (contrastRatio(textColor, ground) >= 2.5) return { fill: textColor };
  const dark = rgb(20, 20, 20);
  const light = rgb(250, 250, 250);
  const color = contrastRatio(textColor, dark) >= contrastRatio(textColor, light) ? dark : light;
  return { fill: textColor, outline: { color, width: Math.max(1.5, size * 0.12) } };
}

/** Median colour of an image inside a frame's bounding box: the ground the translation sits on. */
export function groundColor(image: RgbaImage, frame: RegionFrame): Rgb {
  const c = Math.cos(frame.angle);
  const s = Math.sin(frame.angle);
  // Per-channel histograms: the median of byte values without sorting sample lists.
  const hist = new Uint32Array(768);
  let n = 0;
  const steps = 24;
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= steps; j++) {
      const u = (i / steps) * frame.width;
      const v = (j / steps) * frame.height;
      const x = Math.round(frame.origin[0] + u * c - v * s);
      const y = Math.round(frame.origin[1] + u * s + v * c);
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const k = (y * image.width + x) * 4;
      hist[image.data[k]!]!++;
      hist[256 + image.data[k + 1]!]!++;
      hist[512 + image.data[k + 2]!]!++;
      n++;
    }
  }
  if (n === 0) return rgb(128, 128, 128);
  // The value at rank n >> 1 in ascending order, as sorting the samples would give.
  const med = (base: number) => {
    for (let v = 0, acc = 0; v < 256; v++) {
      acc += hist[base + v]!;
      if (acc > n >> 1) return v;
    }
    return 255;
  };
  return rgb(med(0), med(256), med(512));
}

export function drawLayout(
  ctx: DrawingContext,
  frame: RegionFrame,
  layout: TextLayout,
  style: InkStyle,
): void {
  ctx.save();
  ctx.translate(frame.origin[0], frame.origin[1]);
  ctx.rotate(frame.angle);
  const trace = () => {
    ctx.beginPath();
    for (const g of layout.glyphs) {
      if (g.rotate) {
        // Sideways: draw the glyph turned a quarter clockwise about its pen position.
        ctx.save();
        ctx.translate(g.x, g.y);
        ctx.rotate(Math.PI / 2);
        tracePath(ctx, g.glyph.getPath(0, 0, g.size).commands);
        ctx.restore();
      } else if (g.scaleX !== undefined) {
        tracePath(ctx, g.glyph.getPath(0, 0, g.size).commands, g.x, g.y, g.scaleX);
      } else {
        tracePath(ctx, g.glyph.getPath(g.x, g.y, g.size).commands);
      }
    }
  };
  if (style.outline) {
    trace();
    ctx.lineJoin = "round";
    ctx.lineWidth = style.outline.width * 2;
    ctx.strokeStyle = cssColor(style.outline.color);
    ctx.stroke();
  }
  trace();
  ctx.fillStyle = cssColor(style.fill);
  ctx.fill();
  ctx.restore();
}

/**
 * Traces an opentype.js path into a 2D context (the caller fills it), moved by (dx, dy) and scaled
 * horizontally by sx about x = 0 first (condensed glyphs).
 */
export function tracePath(
  ctx: DrawingContext,
  commands: ReturnType<import("../fonts/opentype.ts").OtGlyph["getPath"]>["commands"],
  dx = 0,
  dy = 0,
  sx = 1,
): void {
  const X = (x: number | undefined) => dx + x! * sx;
  const Y = (y: number | undefined) => dy + y!;
  for (const c of commands) {
    switch (c.type) {
      case "M":
        ctx.moveTo(X(c.x), Y(c.y));
        break;
      case "L":
        ctx.lineTo(X(c.x), Y(c.y));
        break;
      case "Q":
        ctx.quadraticCurveTo(X(c.x1), Y(c.y1), X(c.x), Y(c.y));
        break;
      case "C":
        ctx.bezierCurveTo(X(c.x1), Y(c.y1), X(c.x2), Y(c.y2), X(c.x), Y(c.y));
        break;
      case "Z":
        ctx.closePath();
        break;
    }
  }
}
