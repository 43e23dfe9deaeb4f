/**
 * Runs the engine in headless Chromium: bundles test/engine/support/browser-entry.ts with Vite, serves it
 * with every asset from this repository (models, fonts, traineddata, onnxruntime-web's wasm, tesseract.js's
 * worker and core) on localhost with cross-origin isolation (for WASM threads), and drives the page with
 * playwright-core. Nothing is fetched from outside.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { ASSET_SOURCES } from "../../../src/engine/assets.ts";
import type { OnnxBackendChoice } from "../../../src/engine/browser/onnx-backend.ts";
import { REPO_ROOT } from "../../../src/engine/node/node-assets.ts";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".html": "text/html",
  ".json": "application/json",
};

export interface BrowserHarness {
  page: Page;
  call<T>(method: "warm" | "ocr" | "translate" | "runtime", ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** The engine's ONNX backend choice (default auto). */
  backend?: OnnxBackendChoice;
  /**
   * Give the page WebGPU. Headless Chromium here has no GPU, so its adapter is SwiftShader's (software,
   * a fallback adapter): the same code path as on a graphics card, at CPU speed.
   */
  webgpu?: boolean;
}

export async function startBrowserHarness(options: HarnessOptions = {}): Promise<BrowserHarness> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}: install it (apt-get install chromium) or set CHROME_PATH.`,
    );
  }
  const outDir = mkdtempSync(join(tmpdir(), "engine-harness-"));
  await build({
    root: REPO_ROOT,
    logLevel: "error",
    configFile: false,
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "es2022",
      lib: {
        entry: resolve(REPO_ROOT, "test/engine/support/browser-entry.ts"),
        formats: ["es"],
        fileName: () => "harness.js",
      },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  });
  const routes: Array<[string, string]> = [
    ["/ort/", resolve(REPO_ROOT, "node_modules/onnxruntime-web/dist")],
    ["/tesseract/", resolve(REPO_ROOT, "node_modules/tesseract.js/dist")],
    ["/tesseract-core/", resolve(REPO_ROOT, "node_modules/tesseract.js-core")],
  ];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let file: string | undefined;
    if (url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html", ...isolation() });
      res.end('<!doctype html><meta charset="utf-8"><script type="module" src="/harness.js"></script>');
      return;
    }
    if (url.pathname === "/harness.js") file = join(outDir, "harness.js");
    else if (url.pathname.startsWith("/assets/")) {
      const source = ASSET_SOURCES[decodeURIComponent(url.pathname.slice("/assets/".length))];
      if (source) file = resolve(REPO_ROOT, source);
    } else {
      for (const [prefix, dir] of routes) {
        if (url.pathname.startsWith(prefix)) {
          const candidate = normalize(join(dir, decodeURIComponent(url.pathname.slice(prefix.length))));
          if (candidate.startsWith(dir)) file = candidate;
        }
      }
    }
    if (file === undefined || !existsSync(file)) {
      res.writeHead(404, isolation());
      res.end();
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      ...isolation(),
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const port = (server.address() as AddressInfo).port;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        ...(options.webgpu ? ["--enable-unsafe-webgpu"] : []),
      ],
    });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // Anything not served by our own server is a bug: the engine must not reach the network.
    await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
      errors.push(`blocked external request ${route.request().url()}`);
      return route.abort();
    });
    await page.goto(`http://127.0.0.1:${port}/?backend=${options.backend ?? "auto"}`);
    await page
      .waitForFunction(() => "engineHarness" in window, undefined, { timeout: 60_000 })
      .catch(() => {
        throw new Error(`harness page did not start: ${errors.join("; ")}`);
      });
    const b = browser;
    return {
      page,
      async call<T>(method: string, ...args: unknown[]): Promise<T> {
        try {
          return (await page.evaluate(
            ([m, a]) =>
              (window as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>)
                .engineHarness![m as string]!(...(a as unknown[])),
            [method, args] as const,
          )) as T;
        } catch (error) {
          throw new Error(
            `${method} failed in Chromium: ${String(error)}${errors.length ? ` (page errors: ${errors.join("; ")})` : ""}`,
          );
        }
      },
      async close() {
        await b.close();
        server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}

/** COOP + COEP make the page cross-origin isolated, which onnxruntime-web needs for WASM threads. */
function isolation(): Record<string, string> {
  return {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "no-store",
  };
}
