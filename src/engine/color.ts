/** Colour arithmetic for analysis and evaluation: sRGB to CIELAB (D65) and the CIE76 colour difference. */
import type { Rgb } from "../contract/image-translate.ts";

export type Lab = readonly [number, number, number];

const LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function f(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116;
}

export function rgbToLab(r: number, g: number, b: number): Lab {
  const R = LINEAR[Math.max(0, Math.min(255, Math.round(r)))]!;
  const G = LINEAR[Math.max(0, Math.min(255, Math.round(g)))]!;
  const B = LINEAR[Math.max(0, Math.min(255, Math.round(b)))]!;
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function deltaE(a: Rgb, b: Rgb): number {
  const p = rgbToLab(a.r, a.g, a.b);
  const q = rgbToLab(b.r, b.g, b.b);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

export function rgb(r: number, g: number, b: number): Rgb {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return { r: c(r), g: c(g), b: c(b) };
}

/** WCAG relative luminance, for contrast decisions in rendering. */
export function luminance(c: Rgb): number {
  return 0.2126 * LINEAR[c.r]! + 0.7152 * LINEAR[c.g]! + 0.0722 * LINEAR[c.b]!;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function cssColor(c: Rgb): string {
  return `rgb(${c.r}, ${c.g}, ${c.b})`;
}
