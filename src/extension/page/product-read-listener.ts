/**
 * The content script's answer to the side panel's "which product is this page?": the page reader of the
 * page's marketplace, run on the live document of the top frame (frames hold ads and widgets, not the
 * product).
 */
import { browser } from "wxt/browser";
import { readProductPage } from "./readers/index.ts";

export const READ_PRODUCT = "marketlens:read-product";

export function listenForProductReads(): void {
  if (window.top !== window) return;
  browser.runtime.onMessage.addListener((raw, _sender, sendResponse) => {
    if ((raw as { type?: unknown } | undefined)?.type !== READ_PRODUCT) return undefined;
    sendResponse(readProductPage(document, new URL(location.href)));
    return undefined;
  });
}
