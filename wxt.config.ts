import { defineConfig } from "wxt";

// The extension: right-click "Translate image" on a product image, and a side panel that compares a
// product across the five marketplaces through the companion server. See docs/extension.md.
export default defineConfig({
  srcDir: ".",
  entrypointsDir: "entrypoints",
  publicDir: "public",
  outDir: ".output",
  // Explicit imports everywhere: a reader sees where each name comes from.
  imports: false,
  manifest: {
    name: "Marketlens",
    description:
      "Translate product images in place, on your device, and compare products across marketplaces.",
    permissions: ["contextMenus", "storage", "activeTab", "scripting", "offscreen", "sidePanel"],
    host_permissions: ["<all_urls>"],
  },
  vite: () => ({
    esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  }),
});
