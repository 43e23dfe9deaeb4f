import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Where the global setup leaves artifacts that test files share. One folder per checkout, so two
 * checkouts testing at once (worktrees, CI beside a developer) never write each other's dump.
 */
const checkout = createHash("sha256")
  .update(resolve(import.meta.dirname, "../.."))
  .digest("hex")
  .slice(0, 12);
export const TEST_ARTIFACTS_DIR = join(tmpdir(), `marketlens-test-${checkout}`);
export const PGLITE_DUMP_PATH = join(TEST_ARTIFACTS_DIR, "pglite-migrated.tar");
