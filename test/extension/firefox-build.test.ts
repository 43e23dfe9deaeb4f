/**
 * The Firefox build: an MV3 manifest Firefox accepts (background page instead of a service worker and no
 * offscreen document, a gecko id, no data collected, WebAssembly allowed and nothing else relaxed), and
 * `web-ext lint` without errors. Warnings are allowed only in the bundled libraries' own code.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { buildExtension, REPO } from "./support/build-extension.ts";

let dir: string;
let manifest: Record<string, unknown> & { permissions: string[] };

beforeAll(async () => {
  dir = await buildExtension("firefox");
  manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
}, 300_000);

describe("Firefox build", () => {
  it("has a manifest Firefox runs: a background page, a gecko id, no data collection, no Chrome-only keys", () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background).toEqual({ scripts: ["background.js"] });
    expect(manifest.browser_specific_settings).toMatchObject({
      gecko: { id: expect.stringMatching(/@/), data_collection_permissions: { required: ["none"] } },
    });
    expect(manifest.permissions).toEqual(expect.arrayContaining(["contextMenus", "storage"]));
    expect(manifest.permissions).not.toContain("offscreen");
    expect(manifest.permissions).not.toContain("sidePanel");
    expect(manifest).not.toHaveProperty("message_serialization");
    expect(manifest.content_security_policy).toEqual({
      extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';",
    });
    expect(existsSync(join(dir, "offscreen.html"))).toBe(false);
  });

  it("has the comparison panel as Firefox's sidebar (Chrome's side panel)", () => {
    expect(manifest.sidebar_action).toMatchObject({ default_panel: "sidepanel.html" });
    expect(existsSync(join(dir, "sidepanel.html"))).toBe(true);
  });

  it("packages the engine: models, wasm, tesseract, fonts and translation data (nothing is downloaded)", () => {
    for (const file of [
      "engine/models/ch_PP-OCRv4_det_infer.onnx",
      "engine/models/ch_PP-OCRv4_rec_infer.onnx",
      "engine/fonts/Pretendard-ExtraBold.otf",
      "engine/tessdata/jpn.traineddata",
      "ort/ort-wasm-simd-threaded.wasm",
      "tesseract/worker.min.js",
      "translate/glossary/zh-ko.tsv",
    ])
      expect(existsSync(join(dir, file)), file).toBe(true);
  });

  it("passes web-ext lint without errors", async () => {
    const { stdout } = await promisify(execFile)(
      join(REPO, "node_modules/.bin/web-ext"),
      ["lint", "--source-dir", dir, "--output", "json", "--no-config-discovery"],
      { cwd: REPO, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const report = JSON.parse(stdout) as {
      errors: Array<{ code: string; file?: string; message: string }>;
      warnings: Array<{ code: string; file?: string; message: string }>;
    };
    expect(report.errors).toEqual([]);
    // Library code (onnxruntime-web, tesseract.js) builds functions and imports wasm glue at run time.
    const ours = report.warnings.filter(
      (w) => !["DANGEROUS_EVAL", "UNSAFE_VAR_ASSIGNMENT"].includes(w.code) || !w.file,
    );
    expect(ours).toEqual([]);
  }, 300_000);
});
