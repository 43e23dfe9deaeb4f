/** The spec's region shapes from the engine's groups. */
import type { OcrRegion, TextRegion } from "../contract/image-translate.ts";
import { quadBBox } from "./geometry.ts";
import type { LineGroup } from "./group-lines.ts";

export function toOcrRegion(group: LineGroup): OcrRegion {
  const bb = quadBBox(group.quad);
  const x = Math.round(bb.x);
  const y = Math.round(bb.y);
  return {
    polygon: group.quad.map(([px, py]) => [Math.round(px), Math.round(py)] as [number, number]),
    bbox: { x, y, w: Math.round(bb.x + bb.w) - x, h: Math.round(bb.y + bb.h) - y },
    text: group.text,
    confidence: Math.round(Math.min(1, Math.max(0, group.confidence)) * 1000) / 1000,
  };
}

export function toTextRegion(group: LineGroup, translation: string): TextRegion {
  const a = group.lead.analysis;
  return {
    ...toOcrRegion(group),
    text_kr: translation,
    text_color: a.textColor,
    bg_color: a.bgColor,
    font_weight: group.weight,
    is_badge: group.isBadge,
  };
}
