/** tesseract.js workers in Node, reading traineddata from public/tessdata (LSTM only, no cache files). */
import { dirname } from "node:path";
import { createWorker, OEM } from "tesseract.js";
import type { OcrWorker, OcrWorkerPort, TesseractLanguage } from "../ports.ts";
import { type TesseractLikeWorker, wrapTesseractWorker } from "../tesseract-worker.ts";
import { assetPath } from "./node-assets.ts";

export class NodeOcrWorkerPort implements OcrWorkerPort {
  async createWorker(language: TesseractLanguage): Promise<OcrWorker> {
    const langPath = dirname(assetPath(`tessdata/${language}.traineddata`));
    // cacheMethod "none": tesseract.js would otherwise write a copy of the traineddata into the cwd.
    const worker = await createWorker(language, OEM.LSTM_ONLY, {
      langPath,
      gzip: false,
      cacheMethod: "none",
    });
    return wrapTesseractWorker(worker as unknown as TesseractLikeWorker);
  }
}
