import { workerData } from "node:worker_threads";
import { isGatewayError } from "../../src/contract/errors.ts";
import type { ImageEngine } from "../../src/engine/engine.ts";
import { createNodeEngine } from "../../src/engine/node/create-node-engine.ts";
import { buildFontsRegistry } from "../../src/fonts/registry.ts";
import {
  createServerTranslator,
  type TranslationSettings,
} from "../../src/translate/node/create-server-translator.ts";
import type { Translator } from "../../src/translate/port.ts";
import type { EngineTask, EngineTaskResult } from "./engine-task.ts";

/**
 * One engine worker thread: the models, fonts and translator are loaded once per thread (on its first
 * task) and reused. Runs the same src/engine the browser runs, through the Node ports.
 */
const { translation: settings, onnxThreads } = workerData as {
  translation: TranslationSettings;
  onnxThreads?: number;
};
let engine: ImageEngine | undefined;
let translator: Promise<Translator> | undefined;

function engineOf(): ImageEngine {
  engine ??= createNodeEngine({}, onnxThreads ? { onnxThreads } : {});
  return engine;
}

function translatorOf(): Promise<Translator> {
  translator ??= createServerTranslator(settings);
  translator.catch(() => {
    translator = undefined;
  });
  return translator;
}

export default async function runEngineTask(task: EngineTask): Promise<EngineTaskResult> {
  const cancellation = watch(task.cancel);
  // A caller that left while its task waited costs no engine work at all.
  if (cancellation?.signal.aborted) return CANCELLED;
  const control = cancellation ? { signal: cancellation.signal } : {};
  try {
    switch (task.kind) {
      case "warm":
        await Promise.all([engineOf().loadModels(), translatorOf()]);
        return { kind: "warm" };
      case "fonts":
        return { kind: "fonts", registry: await buildFontsRegistry(engineOf().fonts, []) };
      case "ocr":
        return {
          kind: "ocr",
          data: await engineOf().ocr(task.bytes, { sourceLanguage: task.sourceLanguage, ...control }),
        };
      case "translate": {
        const outcome = await engineOf().translate(task.bytes, {
          sourceLanguage: task.sourceLanguage,
          targetLanguage: task.targetLanguage,
          font: task.font,
          fontWeight: task.fontWeight,
          render: task.render,
          ...(task.userFont ? { userFont: task.userFont } : {}),
          translator: await translatorOf(),
          ...control,
        });
        if (outcome.kind === "data") return outcome;
        const { image, contentType, regionsCount, regions } = outcome;
        return { kind: "image", image, contentType, regionsCount, regions };
      }
      default:
        throw new Error(`unknown engine task ${(task as { kind: string }).kind}`);
    }
  } catch (error) {
    // A cancelled task ends as an answer, never as a thrown error: whatever a stage threw on the way out
    // (an AbortError, a model run cut short), the thread stays up and keeps its models.
    if (cancellation?.signal.aborted) return CANCELLED;
    if (isGatewayError(error))
      return { kind: "error", code: error.code, message: error.message, status: error.status };
    throw error;
  } finally {
    cancellation?.stop();
  }
}

const CANCELLED: EngineTaskResult = {
  kind: "error",
  code: "BAD_REQUEST",
  message: "The caller closed the request before the answer.",
  status: 400,
};

/**
 * Turns the gateway's shared cancel flag into an AbortSignal. The engine's checks (`aborted`,
 * `throwIfAborted()`, between stages and inside loops) read the flag itself, synchronously: this thread
 * is busy with the engine's own work, so a timer alone would fire late or not at all. The timer stays
 * for listeners (a translator's fetch) that wait on the 'abort' event.
 */
function watch(flag: SharedArrayBuffer | undefined) {
  if (!flag) return undefined;
  const view = new Int32Array(flag);
  const controller = new AbortController();
  const signal = controller.signal;
  const aborted = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;
  const poll = () => {
    if (!aborted.call(signal) && Atomics.load(view, 0) === 1) controller.abort();
  };
  Object.defineProperty(signal, "aborted", {
    get: () => {
      poll();
      return aborted.call(signal) as boolean;
    },
  });
  signal.throwIfAborted = () => {
    poll();
    AbortSignal.prototype.throwIfAborted.call(signal);
  };
  const timer = setInterval(poll, 10);
  return { signal, stop: () => clearInterval(timer) };
}
