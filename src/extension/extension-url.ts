/** A URL inside the extension package (`runtime.getURL`, typed loosely: WXT's path types are generated). */
import { browser } from "wxt/browser";

export function extensionUrl(path: string): string {
  return (browser.runtime as unknown as { getURL(p: string): string }).getURL(path);
}
