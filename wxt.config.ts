import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { defineConfig } from "wxt";
import { ASSET_SOURCES } from "./src/engine/assets.ts";

// The extension: right-click "Translate image" on a product image (the engine runs on the device), and a
// side panel that compares a product across the five marketplaces through the companion server.
// See docs/extension.md.

const root = import.meta.dirname;

/** Engine files packaged with the extension (nothing is downloaded at run time). */
function packagedAssets(): Array<{ absoluteSrc: string; relativeDest: string }> {
  const files: Array<{ absoluteSrc: string; relativeDest: string }> = [];
  for (const [key, source] of Object.entries(ASSET_SOURCES)) {
    // eng and chi_sim are for the engine's evaluation baseline only; the pipeline reads Japanese lines.
    if (/tessdata\/(eng|chi_sim)\./.test(key)) continue;
    files.push({ absoluteSrc: resolve(root, source), relativeDest: `engine/${key}` });
  }
  const ort = resolve(root, "node_modules/onnxruntime-web/dist");
  // The WASM build, and the WebGPU build (asyncify), loaded instead where the device has a GPU.
  const ortBuilds = ["ort-wasm-simd-threaded", "ort-wasm-simd-threaded.asyncify"];
  for (const name of ortBuilds.flatMap((build) => [`${build}.mjs`, `${build}.wasm`]))
    files.push({ absoluteSrc: join(ort, name), relativeDest: `ort/${name}` });
  files.push({
    absoluteSrc: resolve(root, "node_modules/tesseract.js/dist/worker.min.js"),
    relativeDest: "tesseract/worker.min.js",
  });
  const core = resolve(root, "node_modules/tesseract.js-core");
  for (const name of readdirSync(core).filter((n) => /-lstm\.wasm\.js$/.test(n)))
    files.push({ absoluteSrc: join(core, name), relativeDest: `tesseract-core/${name}` });
  const data = resolve(root, "src/translate/resources");
  for (const file of walk(data))
    files.push({ absoluteSrc: file, relativeDest: `translate/${relative(data, file)}` });
  return files;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export default defineConfig({
  srcDir: ".",
  entrypointsDir: "entrypoints",
  publicDir: "public",
  outDir: ".output",
  // Explicit imports everywhere: a reader sees where each name comes from.
  imports: false,
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    name: "Marketlens",
    description:
      "Translate product images in place, on your device, and compare products across marketplaces.",
    permissions: [
      "contextMenus",
      "storage",
      "activeTab",
      "scripting",
      "declarativeNetRequestWithHostAccess",
      ...(browser === "firefox" ? [] : ["offscreen", "sidePanel"]),
    ],
    host_permissions: ["<all_urls>"],
    // The dashboard redirects the shopper's tab here after approving a connection (a web page may only
    // navigate to an extension page listed here).
    web_accessible_resources: [{ resources: ["connect.html"], matches: ["<all_urls>"] }],
    action: { default_title: "Marketlens" },
    // onnxruntime-web and tesseract compile WebAssembly; nothing else is relaxed.
    content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" },
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            // 140 (Android 142): the first versions that read data_collection_permissions.
            gecko: {
              id: "marketlens@marketlens.dev",
              strict_min_version: "140.0",
              data_collection_permissions: { required: ["none"] },
            },
            gecko_android: { strict_min_version: "142.0" },
          },
        }
      : // Chrome 148+: messages carry ArrayBuffers by structured clone instead of JSON (older Chrome
        // would turn the image bytes into {}), so 148 is the minimum.
        {
          message_serialization: "structured_clone",
          minimum_chrome_version: "148",
          // Cross-origin isolation gives the offscreen document SharedArrayBuffer, so onnxruntime-web runs
          // WASM on several threads (a third less time per image on a quiet 2-core machine);
          // `credentialless` keeps cross-origin images loading on extension pages without CORP headers.
          cross_origin_embedder_policy: { value: "credentialless" },
          cross_origin_opener_policy: { value: "same-origin" },
        }),
  }),
  hooks: {
    "build:publicAssets": (_wxt, files) => {
      files.push(...packagedAssets());
    },
  },
  vite: () => ({
    esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  }),
});
