import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../support/test-app.ts";

/** The admin API is a fixed contract that checks outside the project rely on: pin every shape. */
describe("admin API and CLI", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ marketplaces: { megastore: scriptedMarketplace() } });
  });
  afterAll(() => t.close());
  const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

  it("refuses a missing or wrong token with 401", async () => {
    expect((await t.request("/admin/accounts/x")).status).toBe(401);
    expect((await t.request("/admin/accounts/x", { headers: { authorization: "Bearer nope" } })).status).toBe(
      401,
    );
    const disabled = await createTestApp({ env: { ADMIN_TOKEN: "" } });
    try {
      expect((await disabled.request("/admin/accounts/x", { headers: auth })).status).toBe(401);
    } finally {
      await disabled.close();
    }
  });

  it("answers each operation with the contract's status and shape", async () => {
    const created = await t.json(
      "/admin/accounts",
      { email: "shop@example.com", credit: "10.00" },
      { headers: auth },
    );
    expect(created.status).toBe(201);
    const { accountId } = (await created.json()) as { accountId: string };
    expect(accountId).toMatch(/^acc_/);

    const keyRes = await t.json(
      `/admin/accounts/${accountId}/keys`,
      { name: "prod", scopes: ["megastore:*"], ratePerSecond: 20 },
      { headers: auth },
    );
    expect(keyRes.status).toBe(201);
    const { keyId, key } = (await keyRes.json()) as { keyId: string; key: string };
    expect(keyId).toMatch(/^key_/);
    expect(key).toMatch(/^mlk_live_[0-9A-Za-z]{38}$/);

    expect(
      (await t.request("/v1/megastore/search?query=x&brands=a", { headers: { "x-api-key": key } })).status,
    ).toBe(200);
    const account = await (await t.request(`/admin/accounts/${accountId}`, { headers: auth })).json();
    expect(account).toEqual({
      accountId,
      email: "shop@example.com",
      status: "active",
      billing: true,
      balance: "9.998000",
      balanceMicros: 9_998_000,
    });

    const credit = await t.json(`/admin/accounts/${accountId}/credit`, { amount: "5.00" }, { headers: auth });
    expect(credit.status).toBe(200);
    expect(((await credit.json()) as { balance: string }).balance).toBe("14.998000");

    const suspend = await t.request(`/admin/accounts/${accountId}/suspend`, {
      method: "POST",
      headers: auth,
    });
    expect(suspend.status).toBe(200);
    const suspended = (await (await t.request(`/admin/accounts/${accountId}`, { headers: auth })).json()) as {
      status: string;
    };
    expect(suspended.status).toBe("suspended");
    expect(
      (await t.request(`/admin/accounts/${accountId}/unsuspend`, { method: "POST", headers: auth })).status,
    ).toBe(200);

    expect((await t.request(`/admin/keys/${keyId}`, { method: "DELETE", headers: auth })).status).toBe(204);
    expect((await t.request("/v1/megastore/search?query=x", { headers: { "x-api-key": key } })).status).toBe(
      401,
    );
  });

  it("refuses bad admin input with clear messages", async () => {
    const cases: [string, unknown, string][] = [
      ["/admin/accounts", { email: "not-an-email" }, "email"],
      ["/admin/accounts", { email: "x@example.com", credit: "-1" }, "credit"],
      ["/admin/accounts", { email: "y@example.com", credit: "1.0000001" }, "credit"],
      ["/admin/accounts", { email: "z@example.com", surprise: true }, "surprise"],
    ];
    for (const [path, body, named] of cases) {
      const res = await t.json(path, body, { headers: auth });
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect({ status: res.status, code: error.code }).toEqual({ status: 400, code: "INVALID_PARAMS" });
      expect(error.message).toContain(named);
    }
    const dup = await t.json("/admin/accounts", { email: "SHOP@example.com" }, { headers: auth });
    expect(dup.status).toBe(400);
    expect((await t.request("/admin/accounts/acc_missing", { headers: auth })).status).toBe(404);
    expect((await t.request("/admin/keys/key_missing", { method: "DELETE", headers: auth })).status).toBe(
      404,
    );
  });

  it("answers hostile admin input with the spec's codes, never a 500 (issue 16 item 8)", async () => {
    const accountId = await t.admin.createAccount("hostile@example.com", "1.00");
    const keys = `/admin/accounts/${accountId}/keys`;
    for (const [body, named] of [
      [{ expiresAt: "0000-01-01T00:00:00Z" }, "expiresAt"],
      [{ expiresAt: "9999-12-31T23:59:60Z" }, "expiresAt"],
      [{ name: "a\u0000b" }, "name"],
      [{ name: "tab\there" }, "name"],
      [{ ratePerSecond: [5] }, "ratePerSecond"],
    ] as const) {
      const res = await t.json(keys, body, { headers: auth });
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect({ status: res.status, code: error.code }).toEqual({ status: 400, code: "INVALID_PARAMS" });
      expect(error.message).toMatch(new RegExp(`^${named}:`));
    }
    for (const [method, path] of [
      ["DELETE", "/admin/keys/%00"],
      ["DELETE", `/admin/keys/${"k".repeat(5000)}`],
      ["GET", "/admin/accounts/%00"],
      ["GET", "/admin/accounts/acc%0Ax"],
      ["POST", "/admin/accounts/%00/suspend"],
      ["GET", "/admin/accounts/%00/keys"],
    ] as const) {
      const res = await t.request(path, { method, headers: auth });
      expect({ path: path.slice(0, 40), status: res.status }).toEqual({
        path: path.slice(0, 40),
        status: 404,
      });
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
    const credit = await t.json("/admin/accounts/%00/credit", { amount: "1.00" }, { headers: auth });
    expect(credit.status).toBe(404);
  });

  it("npm run admin wraps the same operations and prints JSON", async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "server/admin-cli.ts", ...args], {
        env: { PATH: process.env.PATH, ADMIN_URL: `http://127.0.0.1:${port}`, ADMIN_TOKEN },
      });
    try {
      const { stdout } = await run(["create-account", "--email", "cli@example.com", "--credit", "2.50"]);
      const { accountId } = JSON.parse(stdout) as { accountId: string };
      const shown = JSON.parse((await run(["account", "--account", accountId])).stdout) as {
        balance: string;
      };
      expect(shown.balance).toBe("2.500000");
      await expect(run(["credit", "--account", "acc_missing", "--amount", "1"])).rejects.toMatchObject({
        code: 1,
      });
      await expect(run(["no-such-command"])).rejects.toMatchObject({ code: 2 });
    } finally {
      server.close();
    }
  });
});
