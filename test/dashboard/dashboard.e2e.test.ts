import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import type { TestApp } from "../support/test-app.ts";
import { startDashboard } from "./e2e-support.ts";

/**
 * Every dashboard page in real Chromium against the real app (embedded PGlite) served over HTTP.
 * With DASHBOARD_SCREENSHOTS=1 (npm run docs:dashboard) it also writes the pictures of docs/dashboard.md.
 */
describe("dashboard in Chromium", () => {
  let d: Awaited<ReturnType<typeof startDashboard>>;
  let t: TestApp;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  let receiver: Server;
  let receiverUrl: string;
  let now = Date.now();

  beforeAll(async () => {
    d = await startDashboard({
      marketplaces: { megastore: scriptedMarketplace() },
      clock: () => new Date(now),
    });
    ({ t, base, context, page } = d);
    // The extension's page, as a loopback redirect_uri: it only has to exist.
    receiver = createServer((_req, res) => res.end("<!doctype html><title>extension</title>"));
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/options.html`;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  });
  afterAll(async () => {
    receiver?.close();
    await d?.close();
  });

  const shot = (name: string, target?: Page) => d.shot(name, target);
  const v1 = (key: string) =>
    fetch(`${base}/v1/megastore/search?query=shoes`, { headers: { "x-api-key": key } }).then((r) => r.status);

  const email = `shopper${Math.random().toString(36).slice(2, 8)}@example.com`;
  let firstKey = "";

  it("opens at /, signs up, and lands on API keys", async () => {
    await page.goto(`${base}/`);
    await page.waitForURL(/\/dashboard\/login/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await shot("sign-in");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await shot("sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    expect(page.url()).toBe(`${base}/dashboard/keys`);
    const cookies = await context.cookies(base);
    const session = cookies.find((c) => c.name === "ml_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    // Scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("ml_session");
  });

  it("creates a key, shows it once with a copy button, and it calls /v1", async () => {
    await page.getByLabel("Name").fill("price tracker");
    await page.getByLabel("Scopes (optional)").fill("megastore:search");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-key");
    await shown.waitFor();
    firstKey = (await shown.textContent())!;
    expect(firstKey).toMatch(/^mlk_live_/);
    await expect.poll(() => page.getByText("only time it is shown").count()).toBe(1);
    await page.getByRole("button", { name: "Copy" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstKey);
    await page.getByRole("button", { name: "Copied ✓" }).waitFor();
    expect(await v1(firstKey)).toBe(200);
    await shot("api-keys-created");
    // Shown once: after a reload the page holds only its prefix.
    await page.reload();
    await page.getByRole("cell", { name: "price tracker", exact: true }).waitFor();
    expect(await page.content()).not.toContain(firstKey);
    await page.getByRole("button", { name: "Create key" }).waitFor();
  });

  it("revokes the key after a confirmation, and /v1 answers 401 at once", async () => {
    await page.getByLabel("Name").fill("nightly sync");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByTestId("new-key").waitFor();
    await page.getByRole("button", { name: "I have stored it safely" }).click();
    await shot("api-keys");
    await page.getByRole("button", { name: "Revoke key price tracker" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this key?" });
    await dialog.waitFor();
    await shot("api-keys-revoke");
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("Revoked keys (1)").waitFor();
    expect(await v1(firstKey)).toBe(401);
  });

  it("tops up in the sandbox and shows balance, ledger with request ids, the usage chart and CSV", async () => {
    // Thirty days of calls on a second key, so the chart has something to show. The rate limit runs on
    // real time, so the key may make them as fast as this loop sends them.
    const key = await t.admin.createKey((await sessionAccount()).accountId, { ratePerSecond: 10_000 });
    const real = Date.now();
    try {
      for (let day = 29; day >= 0; day--) {
        now = real - day * 86_400_000;
        const calls = 1 + ((day * 7) % 5);
        for (let i = 0; i < calls; i++) expect(await v1(key.key)).toBe(200);
      }
    } finally {
      now = real; // the tests after this one live in the present whatever happens here
    }
    await page.getByRole("link", { name: "Balance and usage" }).click();
    await page.getByRole("heading", { name: "Balance and usage" }).waitFor();
    await page.getByRole("button", { name: "Add $20" }).click();
    await page.getByText("Added $20.00 of test money.").waitFor();
    const balance = await page.getByTestId("balance").textContent();
    expect(balance).toMatch(/^\$20\.9\d$/);
    await expect.poll(() => page.getByText("test money").count()).toBeGreaterThan(0);
    expect(await page.locator(".chart rect[fill]").count()).toBeGreaterThan(20);
    expect(await page.getByRole("cell", { name: /^req_/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("cell", { name: /^pay_/ }).count()).toBe(1);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = await (await download).createReadStream();
    let text = "";
    for await (const chunk of csv) text += chunk;
    expect(text.split("\r\n")[0]).toBe("day,operation,calls,charged_usd");
    expect(text).toContain("megastore.search");
    await shot("balance");
  });

  it("says what happened when a person comes back from checkout, once", async () => {
    await page.goto(`${base}/dashboard/balance?topup=cancelled`);
    await page.getByText("Top-up cancelled: nothing was charged.").waitFor();
    expect(new URL(page.url()).search).toBe("");
    await page.goto(`${base}/dashboard/balance?topup=pay_3f9a`);
    await page.getByText("Payment received.", { exact: false }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Balance and usage" }).waitFor();
    expect(await page.getByText("Payment received.", { exact: false }).count()).toBe(0);
  });

  it("connects an extension through the consent page and disconnects it", async () => {
    const state = "st4te-123";
    const url = `${base}/dashboard/connect?${new URLSearchParams({ redirect_uri: receiverUrl, state, name: "Chrome on laptop" })}`;
    await page.goto(url);
    await page.getByRole("heading", { name: "Connect “Chrome on laptop”?" }).waitFor();
    await shot("connect");
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForURL((u) => u.href.startsWith(receiverUrl));
    const fragment = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(fragment.get("state")).toBe(state);
    const token = fragment.get("token")!;
    expect(token).toMatch(/^mle_/);
    const appSession = () => fetch(`${base}/app/session`, { headers: { authorization: `Bearer ${token}` } });
    expect(await (await appSession()).json()).toMatchObject({ email });
    expect(
      (await fetch(`${base}/v1/megastore/search?query=x`, { headers: { "x-api-key": token } })).status,
    ).toBe(401);

    await page.goto(`${base}/dashboard/extensions`);
    await page.getByText("Chrome on laptop").waitFor();
    await page.getByText(/last used just now/).waitFor();
    await shot("extensions");
    await page.getByRole("button", { name: "Disconnect Chrome on laptop" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("No extension is connected").waitFor();
    expect((await appSession()).status).toBe(401);
  });

  it("refuses a consent link whose redirect_uri is a website", async () => {
    await page.goto(
      `${base}/dashboard/connect?redirect_uri=${encodeURIComponent("https://evil.example/")}&state=x`,
    );
    await page.getByRole("heading", { name: "This connection link is not valid" }).waitFor();
    expect(await page.getByRole("button", { name: "Connect" }).count()).toBe(0);
  });

  it("shows the Fonts page", async () => {
    await page.goto(`${base}/dashboard/fonts`);
    await page.getByRole("heading", { name: "Fonts", exact: true }).waitFor();
    await page.getByRole("heading", { name: "Upload a font" }).waitFor();
  });

  it("shows an email holding markup as text, never as markup", async () => {
    const markup = `<img/src=x/onerror=alert(1)>"<b>bold</b>@example.com`;
    const res = await page.request.post(`${base}/dashboard/api/signup`, {
      data: { email: markup, password: "correct horse battery" },
      headers: { origin: base },
    });
    expect(res.status()).toBe(201);
    let alerted = false;
    page.on("dialog", (d) => {
      alerted = true;
      void d.dismiss();
    });
    await page.goto(`${base}/dashboard/keys`);
    await page.getByText(markup.toLowerCase()).waitFor();
    expect(await page.locator("aside b, aside img").count()).toBe(0);
    expect(alerted).toBe(false);
  });

  it("is usable on a phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/dashboard/balance`);
    await page.getByRole("heading", { name: "Balance and usage" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot("balance-phone");
    await page.goto(`${base}/dashboard/keys`);
    await page.getByRole("button", { name: "Create key" }).waitFor();
    await shot("api-keys-phone");
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("sends someone signed out through sign-in and back to the consent page", async () => {
    await context.clearCookies();
    const other = await context.newPage();
    const url = `${base}/dashboard/connect?${new URLSearchParams({ redirect_uri: receiverUrl, state: "s2", name: "Firefox" })}`;
    await other.goto(url);
    await other.waitForURL(/\/dashboard\/login\?next=/);
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill("correct horse battery");
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.getByRole("heading", { name: "Connect “Firefox”?" }).waitFor();
    await other.close();
  });

  async function sessionAccount(): Promise<{ accountId: string }> {
    return page.evaluate(() => fetch("/dashboard/api/session").then((r) => r.json()));
  }
});
