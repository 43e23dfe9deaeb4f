/** `auto` reading: which lines go to the Japanese reader (tesseract) after PP-OCR has read them all. */
import { describe, expect, it } from "vitest";
import type { DetectedLine } from "../../src/engine/detect.ts";
import type { Quad } from "../../src/engine/geometry.ts";
import type { OcrWorker } from "../../src/engine/ports.ts";
import { createImage } from "../../src/engine/raster.ts";
import { readLines } from "../../src/engine/read-lines.ts";
import type { TextRecognizer } from "../../src/engine/recognize.ts";

/** Horizontal lines, one per PP-OCR reading, stacked down a blank picture. */
function picture(readings: { text: string; confidence: number }[], tesseract: (line: number) => string) {
  const image = createImage(400, 40 * readings.length + 10);
  const lines: DetectedLine[] = readings.map((_, i) => {
    const quad: Quad = [
      [10, 10 + 40 * i],
      [300, 10 + 40 * i],
      [300, 40 + 40 * i],
      [10, 40 + 40 * i],
    ];
    return { quad, score: 0.9 };
  });
  const recognizer = {
    recognize: async () => readings.map((r) => ({ ...r, positions: [] })),
  } as unknown as TextRecognizer;
  const shown: number[] = [];
  let call = 0;
  const worker = {
    recognize: async () => {
      shown.push(call);
      return { text: tesseract(call++), confidence: 0.8 };
    },
  } as unknown as OcrWorker;
  return { image, lines, readers: { recognizer, japanese: async () => worker }, shown };
}

describe("auto reading", () => {
  it("asks no Japanese reader about lines holding simplified Chinese in a plainly Chinese listing", async () => {
    const { image, lines, readers, shown } = picture(
      [
        { text: "这款连衣裙质量优", confidence: 0.97 },
        { text: "买一送一们", confidence: 0.95 },
        { text: "限时发货", confidence: 0.93 },
      ],
      () => "",
    );
    const read = await readLines(image, lines, "auto", readers);
    expect(shown).toEqual([]);
    expect(read.map((l) => l.text)).toEqual(["这款连衣裙质量优", "买一送一们", "限时发货"]);
  });

  it("still reads a Japanese label in a Chinese listing as Japanese", async () => {
    // PP-OCR reads the katakana セール as look-alike Han, with confidence.
    const { image, lines, readers, shown } = picture(
      [
        { text: "这款连衣裙质量优", confidence: 0.97 },
        { text: "买一送一们", confidence: 0.95 },
        { text: "七一儿", confidence: 0.92 },
      ],
      () => "セール",
    );
    const read = await readLines(image, lines, "auto", readers);
    expect(shown).toHaveLength(1);
    expect(read[2]).toMatchObject({ text: "セール", reader: "tesseract" });
  });

  it("probes a Japanese picture whose kanji PP-OCR read as two simplified forms", async () => {
    // 正規品 read as 正规品 and 新発売 as 新发売: too little to call the picture Chinese.
    const { image, lines, readers, shown } = picture(
      [
        { text: "正规品", confidence: 0.95 },
        { text: "新发売", confidence: 0.94 },
        { text: "送料无料", confidence: 0.9 },
      ],
      (i) => ["正規品", "新発売", "送料無料です"][i]!,
    );
    const read = await readLines(image, lines, "auto", readers);
    expect(shown.length).toBeGreaterThan(0);
    expect(read.map((l) => l.text)).toContain("送料無料です");
  });
});
