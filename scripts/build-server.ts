import { writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/**
 * `npm run build:server` (part of `npm run build`; `npm start` runs it too when dist/ is missing or older
 * than a source file): the companion server as one ES module graph in dist/, so a start runs plain Node
 * instead of loading some 180 TypeScript files through tsx's hooks one by one (issue 16 item 11: that
 * was most of a start). Packages stay in node_modules. Every module keeps its own `import.meta.url` (its
 * source file), so what it finds beside itself (models, resources, the schema dump, the worker modules,
 * which threads still load through tsx) is found as under tsx; dist/ therefore belongs to its checkout.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The sources the build read, for scripts/start.mjs's staleness check. */
export const MANIFEST = "dist/inputs.json";

const ownImportMetaUrl: Plugin = {
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const { readFile } = await import("node:fs/promises");
      const source = await readFile(path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const url = JSON.stringify(pathToFileURL(path).href);
      return {
        contents: source.replaceAll("import.meta.url", url),
        loader: path.endsWith("x") ? "tsx" : "ts",
      };
    });
  },
};

export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      server: "server/bundle-entry.ts",
      "pglite-thread-worker": "server/storage/pglite-thread-worker.ts",
    },
    outdir: "dist",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    metafile: true,
    define: { MARKETLENS_BUNDLED: "true" },
    plugins: [ownImportMetaUrl],
    logLevel: "warning",
  });
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.includes("node_modules"));
  await writeFile(new URL(`../${MANIFEST}`, import.meta.url), JSON.stringify({ inputs }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = performance.now();
  await buildServer();
  process.stdout.write(`dist/server.js built in ${(performance.now() - started).toFixed(0)} ms\n`);
}
