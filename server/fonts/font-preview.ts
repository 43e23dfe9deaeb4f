/**
 * A user font's preview: sample text of one script set by the engine's own layout and renderer (the same
 * code that draws translations), on a white card, as PNG.
 */
import { createCanvas } from "@napi-rs/canvas";
import type { Script } from "../../src/contract/image-translate.ts";
import { rgb } from "../../src/engine/color.ts";
import { layoutText } from "../../src/engine/layout.ts";
import type { DrawingContext } from "../../src/engine/ports.ts";
import { drawLayout } from "../../src/engine/render.ts";
import { loadUserFace } from "../../src/fonts/font-library.ts";

/** Pangrams and common phrases of each script. */
export const PREVIEW_TEXT: Readonly<Record<Script, string>> = {
  latin: "The quick brown fox jumps over the lazy dog 0123456789",
  hangul: "다람쥐 헌 쳇바퀴에 타고파 무료 배송 오늘만 특가",
  kana: "いろはにほへと ちりぬるを カタカナ ひらがな",
  han: "天地玄黄 宇宙洪荒 日月盈昃 辰宿列张 限时特价",
  cyrillic: "Съешь же ещё этих мягких французских булок",
  hebrew: "דג סקרן שט בים מאוכזב ולפתע מצא חברה",
  arabic: "نص حكيم له سر قاطع وذو شأن عظيم",
};

const WIDTH = 640;
const HEIGHT = 160;
const PADDING = 16;

export function renderPreview(sfnt: Uint8Array, ref: string, script: Script): Uint8Array {
  const face = loadUserFace({ ref, bytes: sfnt });
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  const width = WIDTH - 2 * PADDING;
  const height = HEIGHT - 2 * PADDING;
  const layout = layoutText({
    text: PREVIEW_TEXT[script],
    chain: [face],
    width,
    height,
    align: script === "hebrew" || script === "arabic" ? "right" : "left",
    maxSize: 48,
    minSize: 10,
  });
  drawLayout(
    ctx as unknown as DrawingContext,
    { origin: [PADDING, PADDING], angle: 0, width, height, vertical: false },
    layout,
    { fill: rgb(17, 17, 17) },
  );
  return new Uint8Array(canvas.toBuffer("image/png"));
}
