import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../../server/platform/logger.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { DashboardClient, ORIGIN, randomEmail } from "./support.ts";

/** The fixed contract under /dashboard/api (issue 13) and its security properties, through HTTP. */
describe("dashboard API", () => {
  let t: TestApp;
  const mail: Array<Record<string, unknown>> = [];
  const logger: Logger = {
    debug() {},
    info(message, fields) {
      if (message.startsWith("mail")) mail.push(fields ?? {});
    },
    warn() {},
    error() {},
  };
  beforeAll(async () => {
    t = await createTestApp({
      logger,
      env: { SIGNIN_ATTEMPTS_PER_ACCOUNT: "3", SIGNIN_ATTEMPTS_PER_ADDRESS: "50" },
    });
  });
  afterAll(() => t.close());

  it("signs up with 201, a session cookie (HttpOnly, SameSite=Lax) and the starter credit of the sandbox", async () => {
    const browser = new DashboardClient(t);
    const email = randomEmail();
    const res = await browser.call("POST", "/signup", { email, password: "correct horse battery" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { accountId: string; csrfToken: string };
    expect(body.accountId).toMatch(/^acc_/);
    expect(body.csrfToken.length).toBeGreaterThanOrEqual(32);
    expect(browser.lastSetCookie).toMatch(/^ml_session=[0-9A-Za-z]{43};/);
    expect(browser.lastSetCookie).toMatch(/HttpOnly/);
    expect(browser.lastSetCookie).toMatch(/SameSite=Lax/);
    expect(browser.lastSetCookie).not.toMatch(/Secure/); // served over http here
    browser.csrf = body.csrfToken;
    const session = await (await browser.call("GET", "/session")).json();
    expect(session).toEqual({ accountId: body.accountId, email, csrfToken: body.csrfToken });
    expect(await (await browser.call("GET", "/balance")).json()).toMatchObject({
      balance: "1.000000",
      balanceMicros: 1_000_000,
    });
  });

  it("marks the cookie Secure when the dashboard is served over https", async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: "https://dash.example.com" } });
    try {
      const res = await https.request("/dashboard/api/signup", {
        method: "POST",
        headers: { origin: "https://dash.example.com", "content-type": "application/json" },
        body: JSON.stringify({ email: randomEmail(), password: "correct horse battery" }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get("set-cookie")).toMatch(/Secure/);
    } finally {
      await https.close();
    }
  });

  it("refuses a state-changing call without the CSRF token, with a wrong one, or from a foreign Origin (403)", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const csrf = browser.csrf;
    browser.csrf = "";
    expect((await browser.call("POST", "/keys", { name: "x" })).status).toBe(403);
    expect(
      (await browser.call("POST", "/keys", { name: "x" }, { "x-csrf-token": "A".repeat(32) })).status,
    ).toBe(403);
    browser.csrf = csrf;
    const foreign = await browser.call("POST", "/keys", { name: "x" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    // Signing up or in from another site is refused too (login CSRF).
    const outsider = new DashboardClient(t);
    const signup = await outsider.call(
      "POST",
      "/signup",
      { email: randomEmail(), password: "correct horse battery" },
      { origin: "https://evil.example" },
    );
    expect(signup.status).toBe(403);
    expect((await browser.call("GET", "/keys")).status).toBe(200);
    expect((await browser.call("POST", "/keys", { name: "x" })).status).toBe(201);
  });

  it("answers 401 without a session", async () => {
    const res = await new DashboardClient(t).call("GET", "/keys");
    expect(res.status).toBe(401);
  });

  it("creates a key shown once, which calls /v1, then revokes it (401 at once)", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const { keyId, key } = await browser.createKey("price tracker");
    expect(key).toMatch(/^mlk_live_[0-9A-Za-z]{38}$/);
    const listing = await (await browser.call("GET", "/keys")).text();
    expect(listing).toContain(keyId);
    expect(listing).not.toContain(key);
    expect(listing).toContain(key.slice(0, 13));
    const fonts = () => t.request("/v1/image-translate/supported-fonts", { headers: { "x-api-key": key } });
    expect((await fonts()).status).toBe(200);
    expect((await browser.call("DELETE", `/keys/${keyId}`)).status).toBe(204);
    expect((await fonts()).status).toBe(401);
  });

  it("keeps one account's keys, usage and connections invisible to another", async () => {
    const alice = new DashboardClient(t);
    const bob = new DashboardClient(t);
    await alice.signUp();
    await bob.signUp();
    const { keyId, key } = await alice.createKey("alice's");
    const ext = (await (
      await alice.call("POST", "/extension-tokens", { name: "Alice's Chrome" })
    ).json()) as {
      tokenId: string;
    };
    expect(await (await bob.call("GET", "/keys")).json()).toEqual({ keys: [] });
    expect(await (await bob.call("GET", "/extension-tokens")).json()).toEqual({ tokens: [] });
    expect((await bob.call("DELETE", `/keys/${keyId}`)).status).toBe(404);
    expect((await bob.call("DELETE", `/extension-tokens/${ext.tokenId}`)).status).toBe(404);
    // Alice's call is in her ledger and usage, not Bob's.
    const res = await t.request("/v1/image-translate/supported-fonts", { headers: { "x-api-key": key } });
    expect(res.status).toBe(200);
    const bobLedger = (await (await bob.call("GET", "/ledger")).json()) as {
      entries: Array<{ requestId: string }>;
    };
    expect(bobLedger.entries.map((e) => e.requestId)).toEqual(["signup-credit"]);
    expect(((await (await bob.call("GET", "/usage")).json()) as { usage: unknown[] }).usage).toEqual([]);
  });

  it("throttles sign-in per account: past the limit even the right password waits (429 with Retry-After)", async () => {
    const owner = new DashboardClient(t);
    const { email } = await owner.signUp();
    const attacker = new DashboardClient(t);
    for (let i = 0; i < 3; i++) {
      expect((await attacker.call("POST", "/login", { email, password: `wrong guess ${i}` })).status).toBe(
        401,
      );
    }
    const blocked = await attacker.call("POST", "/login", { email, password: "correct horse battery" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("throttles sign-in per address across accounts", async () => {
    const tight = await createTestApp({ env: { SIGNIN_ATTEMPTS_PER_ADDRESS: "4" } });
    try {
      const client = new DashboardClient(tight);
      for (let i = 0; i < 4; i++)
        expect(
          (await client.call("POST", "/login", { email: randomEmail(), password: "nope nope" })).status,
        ).toBe(401);
      expect(
        (await client.call("POST", "/login", { email: randomEmail(), password: "nope nope" })).status,
      ).toBe(429);
    } finally {
      await tight.close();
    }
  });

  it("rotates the session at sign-in: a cookie planted before is never signed in, and the old one ends", async () => {
    const owner = new DashboardClient(t);
    const { email } = await owner.signUp();
    const oldCookie = owner.cookie;
    const planted = "ml_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const browser = new DashboardClient(t);
    browser.cookie = planted;
    const res = await browser.call("POST", "/login", { email, password: "correct horse battery" });
    expect(res.status).toBe(200);
    expect(browser.cookie).not.toBe(planted);
    expect(browser.cookie).not.toBe(oldCookie);
    const fixated = new DashboardClient(t);
    fixated.cookie = planted;
    expect((await fixated.call("GET", "/session")).status).toBe(401);
    // Signing in again ends the session the browser held before.
    const before = browser.cookie;
    expect((await browser.call("POST", "/login", { email, password: "correct horse battery" })).status).toBe(
      200,
    );
    expect(browser.cookie).not.toBe(before);
    const stale = new DashboardClient(t);
    stale.cookie = before;
    expect((await stale.call("GET", "/session")).status).toBe(401);
    expect((await browser.call("GET", "/session")).status).toBe(200);
  });

  it("signs out: the session ends on the server", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const cookie = browser.cookie;
    expect((await browser.call("POST", "/logout")).status).toBe(204);
    const replay = new DashboardClient(t);
    replay.cookie = cookie;
    expect((await replay.call("GET", "/session")).status).toBe(401);
  });

  it("resets a password by a one-time link written to the log; every session of the account ends", async () => {
    const owner = new DashboardClient(t);
    const { email } = await owner.signUp();
    const stranger = new DashboardClient(t);
    expect((await stranger.call("POST", "/password-reset", { email })).status).toBe(202);
    expect((await stranger.call("POST", "/password-reset", { email: randomEmail() })).status).toBe(202);
    const sent = mail.filter((m) => m.to === email);
    expect(sent).toHaveLength(1);
    const token = /token=([0-9A-Za-z]+)/.exec(String(sent[0]!.text))![1]!;
    const confirm = () =>
      stranger.call("POST", "/password-reset/confirm", { token, password: "a brand new password" });
    expect((await confirm()).status).toBe(204);
    expect((await confirm()).status).toBe(400);
    expect((await owner.call("GET", "/session")).status).toBe(401);
    expect((await stranger.call("POST", "/login", { email, password: "a brand new password" })).status).toBe(
      200,
    );
  });

  it("keeps sign-up invite-only when the operator says so", async () => {
    const invite = await createTestApp({
      env: { SIGNUP_MODE: "invite", SIGNUP_INVITE_CODES: "friends-2026" },
    });
    try {
      const client = new DashboardClient(invite);
      const body = { email: randomEmail(), password: "correct horse battery" };
      expect((await client.call("POST", "/signup", body)).status).toBe(403);
      expect((await client.call("POST", "/signup", { ...body, inviteCode: "friends-2026" })).status).toBe(
        201,
      );
    } finally {
      await invite.close();
    }
  });

  it("tops up in the sandbox at once, as test money in the ledger with its payment id", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const res = await browser.call("POST", "/topup", { amount: "25.00" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      paymentId: string;
      credited: boolean;
      balanceMicros: number;
      testMoney: boolean;
    };
    expect(body).toMatchObject({ credited: true, balanceMicros: 26_000_000, testMoney: true });
    const ledger = (await (await browser.call("GET", "/ledger")).json()) as {
      entries: Array<{ kind: string; requestId: string; testMoney: boolean; amountMicros: number }>;
    };
    expect(ledger.entries[0]).toMatchObject({
      kind: "topup",
      requestId: body.paymentId,
      testMoney: true,
      amountMicros: 25_000_000,
    });
    expect((await browser.call("POST", "/topup", { amount: "0.50" })).status).toBe(400);
  });

  it("reports usage per day and operation, and exports it as CSV", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const { key } = await browser.createKey();
    for (let i = 0; i < 3; i++) {
      const res = await t.request("/v1/image-translate/supported-fonts", { headers: { "x-api-key": key } });
      expect(res.status).toBe(200);
    }
    const usage = (await (await browser.call("GET", "/usage")).json()) as {
      usage: Array<{ operation: string; calls: number }>;
    };
    const csv = await (await browser.call("GET", "/usage.csv")).text();
    expect(csv.split("\r\n")[0]).toBe("day,operation,calls,charged_usd");
    // supported-fonts is free: no charge, so no usage either; usage lists charged calls only.
    expect(usage.usage.every((row) => row.calls > 0)).toBe(true);
  });

  it("serves the pages as one static shell under the CSP (no inline script or style)", async () => {
    const res = await t.request("/dashboard/keys");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script>|<style>|style=/);
    const js = await t.request(html.match(/src="([^"]+)"/)![1]!);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect((await t.request("/")).status).toBe(200);
    expect((await t.request("/dashboard/connect?redirect_uri=https://evil.example/&state=x")).status).toBe(
      400,
    );
    expect((await t.request("/dashboard/api/nope")).status).toBe(401);
  });

  it("refuses a second account with the same email", async () => {
    const email = randomEmail();
    await new DashboardClient(t).signUp(email);
    const res = await new DashboardClient(t).call("POST", "/signup", {
      email: email.toUpperCase(),
      password: "correct horse battery",
    });
    expect(res.status).toBe(400);
  });

  it("gives the origin its own scheme: a request without Origin still needs the CSRF token", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const res = await t.request("/dashboard/api/keys", {
      method: "POST",
      headers: { cookie: browser.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "no origin" }),
    });
    expect(res.status).toBe(403);
    expect(ORIGIN).toBe("http://localhost");
  });
});
