import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository's own fixtures: a clone stands alone, nothing is read from beside it. */
export const FIXTURES_DIR = resolve(import.meta.dirname, "../fixtures");

/**
 * The path of a fixture, which must exist: a missing fixture fails the test that needs it with a clear
 * message, never a skip and never a bare ENOENT from deep inside a reader.
 */
export function fixturePath(...parts: string[]): string {
  const path = join(FIXTURES_DIR, ...parts);
  if (!existsSync(path)) {
    throw new Error(
      `Test fixture missing: test/fixtures/${parts.join("/")}. Fixtures live in the repository; ` +
        "restore it from git (git checkout -- test/fixtures) rather than skipping the test.",
    );
  }
  return path;
}
