import { browser } from "wxt/browser";
import { EngineHost } from "../../src/extension/engine-host.ts";
import { extensionUrl } from "../../src/extension/extension-url.ts";
import { EngineRequestSchema } from "../../src/extension/protocol.ts";

// The offscreen document (Chrome, reason WORKERS): runs the engine for the background service worker.
const host = new EngineHost(extensionUrl("/"), "Chrome offscreen document");

browser.runtime.onMessage.addListener((raw, _sender, sendResponse) => {
  const parsed = EngineRequestSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const message = parsed.data;
  if (message.type === "engine:cancel") {
    host.cancel(message.jobId);
    return undefined;
  }
  const work =
    message.type === "engine:status"
      ? host.status()
      : host.translate(message.jobId, message.image, message.settings, (stage, progress) => {
          void browser.runtime
            .sendMessage({
              target: "background",
              type: "engine:progress",
              jobId: message.jobId,
              stage,
              progress,
            })
            .catch(() => undefined);
        });
  work.then(sendResponse, (error) =>
    sendResponse({ ok: false, code: "INTERNAL_ERROR", message: String(error) }),
  );
  return true;
});
