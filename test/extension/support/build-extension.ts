/**
 * Builds the extension for the end-to-end tests (`wxt build`, Chrome MV3) unless `.output/chrome-mv3` is
 * newer than every source it is made from, so a second run in the same checkout starts at once.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

export const REPO = resolve(import.meta.dirname, "../../..");

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

export async function buildExtension(browser: "chrome" | "firefox" = "chrome"): Promise<string> {
  const out = join(REPO, ".output", `${browser}-mv3`);
  const manifest = join(out, "manifest.json");
  const sources = ["entrypoints", "src", "public", "wxt.config.ts", "package.json"].map((p) => join(REPO, p));
  if (existsSync(manifest) && statSync(manifest).mtimeMs > Math.max(...sources.map(newest))) return out;
  await promisify(execFile)(join(REPO, "node_modules/.bin/wxt"), ["build", "-b", browser], {
    cwd: REPO,
    maxBuffer: 64 * 1024 * 1024,
  });
  return out;
}
