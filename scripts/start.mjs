// `npm start`: runs the built server (dist/server.js, scripts/build-server.ts), building it first when
// dist/ is missing or older than any of its sources, so a start never runs stale code. Plain JavaScript,
// so a start loads no TypeScript tooling unless it has to build.
import { readFileSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);
const SERVER = new URL("dist/server.js", root);

function stale() {
  try {
    const built = statSync(SERVER).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(new URL("dist/inputs.json", root), "utf8"));
    return inputs.some((path) => statSync(new URL(path, root)).mtimeMs > built);
  } catch {
    return true;
  }
}

if (stale()) {
  process.stderr.write("dist/ is missing or older than the sources: building the server first\n");
  const { tsImport } = await import("tsx/esm/api");
  const { buildServer } = await tsImport("./build-server.ts", import.meta.url);
  await buildServer();
}
await import(SERVER.href);
