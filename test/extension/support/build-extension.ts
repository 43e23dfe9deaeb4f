/**
 * Builds the extension for the end-to-end tests (`wxt build`, Chrome MV3) unless `.output/chrome-mv3` is
 * newer than every source it is made from, so a second run in the same checkout starts at once.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

export const REPO = resolve(import.meta.dirname, "../../..");

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/**
 * Two test files may want a build at once (Chrome and Firefox), and WXT's builds share `.wxt/`: one build
 * at a time, through a lock directory (taken over when older than ten minutes: a crashed run's).
 */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(REPO, ".output", ".build-lock");
  mkdirSync(join(REPO, ".output"), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      else await new Promise((ok) => setTimeout(ok, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export async function buildExtension(browser: "chrome" | "firefox" = "chrome"): Promise<string> {
  const out = join(REPO, ".output", `${browser}-mv3`);
  const manifest = join(out, "manifest.json");
  const sources = ["entrypoints", "src", "public", "wxt.config.ts", "package.json"].map((p) => join(REPO, p));
  const fresh = () => existsSync(manifest) && statSync(manifest).mtimeMs > Math.max(...sources.map(newest));
  if (fresh()) return out;
  await withBuildLock(async () => {
    if (fresh()) return; // built by another test file while this one waited
    await promisify(execFile)(join(REPO, "node_modules/.bin/wxt"), ["build", "-b", browser], {
      cwd: REPO,
      maxBuffer: 64 * 1024 * 1024,
    });
  });
  return out;
}
