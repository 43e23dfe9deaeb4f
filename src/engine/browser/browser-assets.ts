/** Fetches engine assets from the host that serves them (the extension package or a local server). */
import type { AssetLoader } from "../ports.ts";

export class BrowserAssetLoader implements AssetLoader {
  /** `base` ends with a slash; an asset key is appended to it. */
  constructor(private readonly base: string) {}

  async load(key: string): Promise<Uint8Array> {
    const response = await fetch(new URL(key, this.base));
    if (!response.ok) throw new Error(`Asset ${key} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
