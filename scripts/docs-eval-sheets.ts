/**
 * npm run docs:sheets: the before/after contact sheets of docs/engine.md, from the contact sheets that
 * `npm run eval:images -- --baseline <dir> --translator test` writes (original | translated, one folder per
 * engine). Each picture is the older checkout's sheet above this checkout's, scaled to at most `--width`
 * pixels wide and written as a small JPEG into docs/images/engine/sheets/<name>.jpg (a few tens of KB each).
 *
 * Options: --from <eval --out folder> (default tmp/eval-images), --translator test|embedded (default test),
 * --only <file,...> (default: the pictures docs/engine.md shows), --width <px> (default 560),
 * --quality <0..1> (default 0.62).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createCanvas, Image } from "@napi-rs/canvas";
import { REPO_ROOT } from "../src/engine/node/node-assets.ts";

/** Real listings and street signs: badges, pills, photographed boards. */
const SHOWN = [
  "cnstd_taobao2.jpg",
  "paddleocr_ds_LSVT_2.jpg",
  "mmocr_demo_text_ocr.jpg",
  "cnstd_taobao4.jpg",
];

const { values } = parseArgs({
  options: {
    from: { type: "string", default: resolve(REPO_ROOT, "tmp/eval-images") },
    translator: { type: "string", default: "test" },
    only: { type: "string" },
    width: { type: "string", default: "560" },
    quality: { type: "string", default: "0.62" },
  },
});

const out = resolve(REPO_ROOT, "docs/images/engine/sheets");
mkdirSync(out, { recursive: true });
const width = Number(values.width);
const quality = Number(values.quality);
const files = values.only ? values.only.split(",") : SHOWN;
const LABEL = 22;

function load(path: string): Image {
  const image = new Image();
  image.src = readFileSync(path);
  return image;
}

let total = 0;
for (const file of files) {
  const name = file.replace(/\.[^.]+$/, "");
  const paths = ["before", "now"].map((engine) =>
    join(values.from!, `${engine}-${values.translator}`, `${name}.jpg`),
  );
  const missing = paths.find((p) => !existsSync(p));
  if (missing) {
    console.error(
      `docs:sheets: ${missing} is missing (run eval:images with --baseline and --out ${values.from})`,
    );
    process.exitCode = 1;
    continue;
  }
  const [before, after] = paths.map(load) as [Image, Image];
  const scale = Math.min(1, width / Math.max(before.width, after.width));
  const rows = [before, after].map((image) => ({
    image,
    w: Math.round(image.width * scale),
    h: Math.round(image.height * scale),
  }));
  const canvas = createCanvas(
    Math.max(...rows.map((r) => r.w)),
    rows.reduce((s, r) => s + r.h + LABEL, 0),
  );
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.font = "14px sans-serif";
  let y = 0;
  for (const [i, row] of rows.entries()) {
    ctx.fillStyle = "#333";
    ctx.fillText(i === 0 ? "before: original | translated" : "after: original | translated", 4, y + 16);
    ctx.drawImage(row.image, 0, y + LABEL, row.w, row.h);
    y += row.h + LABEL;
  }
  const jpeg = await canvas.encode("jpeg", Math.round(quality * 100));
  writeFileSync(join(out, `${name}.jpg`), jpeg);
  total += jpeg.length;
  console.log(`docs:sheets: docs/images/engine/sheets/${name}.jpg ${(jpeg.length / 1024).toFixed(0)} KB`);
}
console.log(`docs:sheets: ${(total / 1024).toFixed(0)} KB in all`);
