import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";

// Background: owns the context menu. Image translation itself runs in an offscreen document (Chrome) or
// this page (Firefox) and is wired in by the extension issue; see docs/extension.md.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({
      id: "marketlens-translate-image",
      title: "Translate image",
      contexts: ["image"],
    });
  });
});
