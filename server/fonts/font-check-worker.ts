/**
 * A font-check worker thread: inspects an uploaded file, or draws a preview. It runs under a memory limit
 * and the server stops it after a time limit (font-checker.ts), so a hostile file can take down only this
 * thread, never the server.
 */
import type { FontCheckResult, FontCheckTask } from "./font-check-task.ts";
import { renderPreview } from "./font-preview.ts";
import { inspectFont } from "./inspect-font.ts";

export default async function runFontCheck(task: FontCheckTask): Promise<FontCheckResult> {
  switch (task.kind) {
    case "inspect":
      // Whatever the parsers throw is the file's fault: a refusal, and the thread lives on.
      return inspectFont(task.bytes).catch(() => ({
        kind: "refused",
        code: "FONT_INVALID",
        reason: "The font is corrupt: it could not be read.",
      }));
    case "preview":
      return { kind: "preview", png: renderPreview(task.bytes, task.ref, task.script) };
    default:
      throw new Error(`unknown font check task ${(task as { kind: string }).kind}`);
  }
}
