// The entry of the embedded database's thread: a worker thread starts without the main thread's
// TypeScript loader, so this loads the thread's module (pglite-thread-worker.ts) through tsx.
import { tsImport } from "tsx/esm/api";

await tsImport("./pglite-thread-worker.ts", import.meta.url);
