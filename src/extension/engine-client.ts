/**
 * The background's handle on the engine: on Chrome, messages to the offscreen document (created on
 * demand with reason WORKERS, closed after a few idle minutes); on Firefox, the engine host in the
 * background page itself.
 */
import { browser } from "wxt/browser";
import type { EngineHost, ProgressSink } from "./engine-host.ts";
import { extensionUrl } from "./extension-url.ts";
import {
  EngineProgressSchema,
  type EngineReply,
  EngineReplySchema,
  type EngineSettings,
  type EngineStatus,
  EngineStatusSchema,
} from "./protocol.ts";

export interface EngineClient {
  translate(
    jobId: string,
    image: ArrayBuffer,
    settings: EngineSettings,
    onProgress: ProgressSink,
  ): Promise<EngineReply>;
  cancel(jobId: string): void;
  status(): Promise<EngineStatus | undefined>;
}

export function inProcessEngineClient(host: EngineHost): EngineClient {
  return {
    translate: (jobId, image, settings, onProgress) => host.translate(jobId, image, settings, onProgress),
    cancel: (jobId) => host.cancel(jobId),
    status: () => host.status(),
  };
}

const OFFSCREEN_PATH = "/offscreen.html";
const IDLE_CLOSE_MS = 5 * 60_000;

export function offscreenEngineClient(): EngineClient {
  const sinks = new Map<string, ProgressSink>();
  let creating: Promise<void> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let running = 0;

  browser.runtime.onMessage.addListener((raw) => {
    const progress = EngineProgressSchema.safeParse(raw);
    if (progress.success) sinks.get(progress.data.jobId)?.(progress.data.stage, progress.data.progress);
    return undefined;
  });

  const ensure = async () => {
    if (idleTimer) clearTimeout(idleTimer);
    const offscreen = browser.offscreen;
    const contexts = await browser.runtime.getContexts({
      contextTypes: ["OFFSCREEN_DOCUMENT" as never],
      documentUrls: [extensionUrl(OFFSCREEN_PATH)],
    });
    if (contexts.length > 0) return;
    creating ??= offscreen
      .createDocument({
        url: OFFSCREEN_PATH,
        reasons: ["WORKERS" as never],
        justification: "Runs the on-device OCR and translation engine (WASM and a tesseract worker).",
      })
      .finally(() => {
        creating = undefined;
      });
    await creating;
  };

  const scheduleClose = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (running === 0) browser.offscreen.closeDocument().catch(() => undefined);
    }, IDLE_CLOSE_MS);
  };

  const send = async (message: object): Promise<unknown> => {
    await ensure();
    return browser.runtime.sendMessage({ target: "engine", ...message });
  };

  return {
    async translate(jobId, image, settings, onProgress) {
      sinks.set(jobId, onProgress);
      running++;
      try {
        const reply = EngineReplySchema.safeParse(
          await send({ type: "engine:translate", jobId, image, settings }),
        );
        if (!reply.success)
          return { ok: false, code: "INTERNAL_ERROR", message: `engine reply: ${reply.error.message}` };
        return reply.data;
      } catch (error) {
        return { ok: false, code: "INTERNAL_ERROR", message: String(error) };
      } finally {
        running--;
        sinks.delete(jobId);
        scheduleClose();
      }
    },
    cancel(jobId) {
      if (sinks.has(jobId)) void send({ type: "engine:cancel", jobId }).catch(() => undefined);
    },
    async status() {
      const contexts = await browser.runtime.getContexts({ contextTypes: ["OFFSCREEN_DOCUMENT" as never] });
      if (contexts.length === 0) return undefined;
      const parsed = EngineStatusSchema.safeParse(
        await browser.runtime.sendMessage({ target: "engine", type: "engine:status" }),
      );
      return parsed.success ? parsed.data : undefined;
    },
  };
}
