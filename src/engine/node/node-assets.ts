/** Reads bundled assets from the repository (npm packages and public/), never from the network. */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ASSET_SOURCES } from "../assets.ts";
import type { AssetLoader } from "../ports.ts";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export function assetPath(key: string): string {
  const source = ASSET_SOURCES[key];
  if (source === undefined) throw new Error(`Unknown engine asset: ${key}`);
  return resolve(REPO_ROOT, source);
}

export class NodeAssetLoader implements AssetLoader {
  async load(key: string): Promise<Uint8Array> {
    return new Uint8Array(await readFile(assetPath(key)));
  }
}
