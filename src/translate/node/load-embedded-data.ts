/**
 * Node's way to the embedded translator's data: read the files shipped in src/translate/resources.
 * The browser has its own loader that fetches the same files from the extension package.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type EmbeddedData, loadEmbeddedData } from "../embedded/embedded-data.ts";

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "resources");

let cached: Promise<EmbeddedData> | undefined;

/** Loads the data once per process; later calls share it. */
export function loadEmbeddedDataFromDisk(dir: string = DATA_DIR): Promise<EmbeddedData> {
  if (dir !== DATA_DIR) return loadEmbeddedData((name) => readFile(join(dir, name), "utf8"));
  cached ??= loadEmbeddedData((name) => readFile(join(dir, name), "utf8"));
  return cached;
}
