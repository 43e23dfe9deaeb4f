import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";

export interface DashboardBundle {
  js: string;
  css: string;
  /** Content hash, put in asset URLs so a browser never runs a stale bundle. */
  version: string;
}

const ENTRY = fileURLToPath(new URL("./ui/main.tsx", import.meta.url));

/**
 * The dashboard's preact UI, bundled with esbuild in memory when the server first needs it (about a
 * quarter of a second): there is no build step to forget and no build output to ship or go stale.
 */
export async function buildDashboardBundle(): Promise<DashboardBundle> {
  // Loaded here, after the server listens, rather than with the server's modules (issue 16 item 11).
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    outdir: "/dashboard-assets",
    entryNames: "app",
    format: "esm",
    target: ["chrome110", "firefox115", "safari16"],
    jsx: "automatic",
    jsxImportSource: "preact",
    minify: true,
    legalComments: "none",
    logLevel: "silent",
  });
  const js = result.outputFiles.find((f) => f.path.endsWith(".js"))?.text ?? "";
  const css = result.outputFiles.find((f) => f.path.endsWith(".css"))?.text ?? "";
  const version = createHash("sha256").update(js).update(css).digest("hex").slice(0, 12);
  return { js, css, version };
}
