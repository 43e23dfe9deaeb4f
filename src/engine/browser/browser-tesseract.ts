/** tesseract.js workers in the browser, with its worker script, core and traineddata all served locally. */
import { createWorker, OEM } from "tesseract.js";
import type { OcrWorker, OcrWorkerPort, TesseractLanguage } from "../ports.ts";
import { type TesseractLikeWorker, wrapTesseractWorker } from "../tesseract-worker.ts";

export interface BrowserTesseractOptions {
  /** URL of tesseract.js's dist/worker.min.js. */
  workerPath: string;
  /** URL of the tesseract.js-core directory. */
  corePath: string;
  /** URL of the directory holding <lang>.traineddata. */
  langPath: string;
}

export class BrowserOcrWorkerPort implements OcrWorkerPort {
  constructor(private readonly options: BrowserTesseractOptions) {}

  async createWorker(language: TesseractLanguage): Promise<OcrWorker> {
    const worker = await createWorker(language, OEM.LSTM_ONLY, {
      workerPath: this.options.workerPath,
      corePath: this.options.corePath,
      langPath: this.options.langPath,
      gzip: false,
      cacheMethod: "none",
      workerBlobURL: false,
    });
    return wrapTesseractWorker(worker as unknown as TesseractLikeWorker);
  }
}
