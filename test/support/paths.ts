import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where the global setup leaves artifacts that test files share. */
export const TEST_ARTIFACTS_DIR = join(tmpdir(), "marketlens-test");
export const PGLITE_DUMP_PATH = join(TEST_ARTIFACTS_DIR, "pglite-migrated.tar");
