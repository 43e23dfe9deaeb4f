import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { createTestApp, type TestAppOptions } from "../support/test-app.ts";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** npm run docs:dashboard sets it: the e2e tests then write the pictures of docs/dashboard.md. */
export const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS === "1";
const SHOTS_DIR = "docs/images/dashboard";

/** The real app (embedded PGlite) served over HTTP on a random loopback port, and Chromium on it. */
export async function startDashboard(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context: BrowserContext = await chromium.launchPersistentContext("", {
    executablePath: CHROME_PATH,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
    viewport: { width: 1280, height: 860 },
    deviceScaleFactor: 1,
  });
  const page: Page = await context.newPage();
  if (SCREENSHOTS) await mkdir(SHOTS_DIR, { recursive: true });
  return {
    t,
    base,
    context,
    page,
    async shot(name: string, target: Page = page) {
      if (SCREENSHOTS) await target.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
    },
    async close() {
      await context.close();
      server.close();
      await t.close();
    },
  };
}

/** Signs up through the pages and lands on API keys. */
export async function signUpInPage(
  page: Page,
  base: string,
  email: string,
  password = "correct horse battery",
) {
  await page.goto(`${base}/dashboard/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: "API keys" }).waitFor();
}
