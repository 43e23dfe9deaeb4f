import { defineContentScript } from "wxt/utils/define-content-script";
import { PageController } from "../src/extension/page/page-controller.ts";
import { listenForProductReads } from "../src/extension/page/product-read-listener.ts";

// Content script: overlays on page images (progress ring, translated picture, errors, hover toolbar) and
// translate-all / auto-translate. It never rewrites the page's own elements.
export default defineContentScript({
  matches: ["<all_urls>"],
  allFrames: true,
  runAt: "document_idle",
  main() {
    void new PageController().start();
    listenForProductReads();
  },
});
