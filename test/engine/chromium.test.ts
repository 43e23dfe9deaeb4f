/**
 * The same pipeline in headless Chromium (onnxruntime-web on WASM, OffscreenCanvas, tesseract.js in a web
 * worker) and in Node (onnxruntime-node, @napi-rs/canvas) finds the same regions on the same images:
 * every region in one runtime has a partner in the other with polygon IoU >= 0.9, and reads the same.
 * Fails with a clear message when Chromium is missing (set CHROME_PATH).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OcrData } from "../../src/contract/image-translate.ts";
import type { Point } from "../../src/engine/geometry.ts";
import { polygonIoU } from "../../src/engine/geometry.ts";
import { createNodeEngine } from "../../src/engine/node/create-node-engine.ts";
import { type BrowserHarness, startBrowserHarness } from "./support/browser-harness.ts";
import { drawImage } from "./support/images.ts";
import { SceneGenerator } from "./support/synthetic-scenes.ts";

const engine = createNodeEngine();
let harness: BrowserHarness;
const images: Array<{ name: string; bytes: Uint8Array; source: "zh" | "ja" | "auto" }> = [];

beforeAll(async () => {
  harness = await startBrowserHarness();
  await harness.call("warm");
  const generator = new SceneGenerator();
  for (const [i, ground] of (["plain", "gradient", "photo"] as const).entries()) {
    images.push({
      name: `${ground} scene (JPEG)`,
      bytes: (await generator.scene(4200 + i, ground)).jpeg,
      source: "zh",
    });
  }
  const sc = await engine.fonts.bundled("NotoSansSC", 700);
  images.push({
    name: "poster with rotated and Japanese text (PNG)",
    bytes: await drawImage(560, 360, [
      { text: "全场包邮 限时特价", x: 40, y: 80, size: 40, face: sc, color: "#b01010" },
      { text: "New Arrival", x: 60, y: 200, size: 36, face: sc, rotate: -12 },
      { text: "送料無料セール", x: 200, y: 320, size: 40, face: sc, badge: "#ffd400" },
    ]),
    source: "auto",
  });
}, 240_000);

afterAll(async () => {
  await harness?.close();
  await engine.dispose();
});

function match(a: OcrData, b: OcrData): Array<{ text: string; other?: string; iou: number }> {
  return a.regions.map((r) => {
    let best = { iou: 0, text: undefined as string | undefined };
    for (const s of b.regions) {
      const iou = polygonIoU(r.polygon as Point[], s.polygon as Point[]);
      if (iou > best.iou) best = { iou, text: s.text };
    }
    return { text: r.text, other: best.text, iou: best.iou };
  });
}

describe("Chromium (WASM) and Node give the same regions", () => {
  it("on generated scenes and a poster, region for region, IoU >= 0.9", async () => {
    const report: string[] = [];
    let pairs = 0;
    for (const image of images) {
      const node = await engine.ocr(image.bytes, { sourceLanguage: image.source });
      const b64 = Buffer.from(image.bytes).toString("base64");
      const browser = (await harness.call<{ data: OcrData }>("ocr", b64, image.source)).data;
      expect(browser.regions.length, image.name).toBe(node.regions.length);
      for (const m of [...match(node, browser), ...match(browser, node)]) {
        pairs++;
        report.push(`${image.name}: "${m.text}" ~ "${m.other}" IoU ${m.iou.toFixed(3)}`);
        expect(m.iou, report.at(-1)).toBeGreaterThanOrEqual(0.9);
        expect(m.other, report.at(-1)).toBe(m.text);
      }
    }
    expect(pairs).toBeGreaterThanOrEqual(20);
    console.info(report.join("\n"));
  }, 240_000);
});
