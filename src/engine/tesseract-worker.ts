/**
 * Adapts a tesseract.js worker (either runtime's build; the API is the same once created) to the OcrWorker
 * port. Structural types keep tesseract.js itself out of the runtime-free core.
 */
import type { OcrWorker } from "./ports.ts";

export interface TesseractLikeWorker {
  setParameters(params: Record<string, string>): Promise<unknown>;
  recognize(image: Uint8Array): Promise<{ data: { text: string; confidence: number } }>;
  terminate(): Promise<unknown>;
}

/** tesseract's page segmentation modes: 7 reads one line, 3 finds the layout itself. */
const PSM = { line: "7", block: "3" } as const;

export function wrapTesseractWorker(worker: TesseractLikeWorker): OcrWorker {
  let mode: "line" | "block" | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    recognize(image, wanted) {
      // One job at a time: the segmentation mode is worker state shared by consecutive calls.
      const job = queue.then(async () => {
        if (mode !== wanted) {
          await worker.setParameters({ tessedit_pageseg_mode: PSM[wanted] });
          mode = wanted;
        }
        const { data } = await worker.recognize(image);
        return { text: data.text.trim(), confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
      });
      queue = job.catch(() => undefined);
      return job;
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
