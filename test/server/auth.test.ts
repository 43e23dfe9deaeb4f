import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** Spec: Authentication — every case of its table, through HTTP. */
describe("authentication", () => {
  let t: TestApp;
  let now = new Date("2026-11-22T10:00:00Z");
  beforeAll(async () => {
    t = await createTestApp({ marketplaces: { megastore: scriptedMarketplace() }, clock: () => now });
  });
  afterAll(() => t.close());

  const search = (key: string | undefined, query = "shoes") =>
    t.request(
      `/v1/megastore/search?query=${query}`,
      key === undefined ? {} : { headers: { "x-api-key": key } },
    );

  async function expectError(res: Response, status: number, code: string) {
    const body = ErrorBodySchema.parse(await res.json());
    expect({ status: res.status, code: body.error.code }).toEqual({ status, code });
    expect(body.requestId).toBe(res.headers.get("x-service-request-id"));
    return body;
  }

  it("refuses a call without x-api-key with 401 UNAUTHORIZED and says how to get a key", async () => {
    const body = await expectError(await search(undefined), 401, "UNAUTHORIZED");
    expect(body.error.message).toMatch(/x-api-key/);
  });

  it("refuses malformed keys without a database look-up", async () => {
    const { key } = await t.admin.customer();
    for (const bad of [
      "hello",
      `${key}x`,
      key.slice(0, -1),
      key.replace(/.$/, key.endsWith("A") ? "B" : "A"),
    ]) {
      await expectError(await search(bad), 401, "UNAUTHORIZED");
    }
  });

  it("refuses a well-formed key nobody issued", async () => {
    const { key, keyId } = await t.admin.customer();
    expect(await t.admin.revokeKey(keyId)).toBe(204);
    // Same shape and a valid checksum, but a different key: build one by issuing and discarding.
    const other = await t.admin.customer();
    await t.db.query("DELETE FROM api_keys WHERE id = $1", [other.keyId]);
    await expectError(await search(other.key), 401, "UNAUTHORIZED");
    await expectError(await search(key), 401, "UNAUTHORIZED");
  });

  it("stops a revoked key at once, while the account's other keys keep working", async () => {
    const { accountId, key, keyId } = await t.admin.customer();
    const second = await t.admin.createKey(accountId, { name: "rotation" });
    expect((await search(key)).status).toBe(200); // now cached
    expect(await t.admin.revokeKey(keyId)).toBe(204);
    const body = await expectError(await search(key), 401, "UNAUTHORIZED");
    expect(body.error.message).toMatch(/revoked/);
    expect((await search(second.key)).status).toBe(200);
  });

  it("refuses an expired key", async () => {
    const { accountId } = await t.admin.customer();
    const { key } = await t.admin.createKey(accountId, { expiresAt: "2026-11-22T10:00:05Z" });
    expect((await search(key)).status).toBe(200);
    now = new Date("2026-11-22T10:00:06Z");
    const body = await expectError(await search(key), 401, "UNAUTHORIZED");
    expect(body.error.message).toMatch(/expired/);
  });

  it("refuses every key of a suspended account with 403 ACCOUNT_SUSPENDED, until it is restored", async () => {
    const { accountId, key } = await t.admin.customer();
    const second = await t.admin.createKey(accountId);
    expect(await t.admin.setStatus(accountId, "suspend")).toBe(200);
    await expectError(await search(key), 403, "ACCOUNT_SUSPENDED");
    await expectError(await search(second.key), 403, "ACCOUNT_SUSPENDED");
    expect(await t.admin.setStatus(accountId, "unsuspend")).toBe(200);
    expect((await search(key)).status).toBe(200);
  });

  it("refuses an operation outside the key's scopes with 403 FORBIDDEN, and allows the ones inside", async () => {
    const { accountId } = await t.admin.customer();
    const { key } = await t.admin.createKey(accountId, { scopes: ["megastore:categories", "auction:*"] });
    await expectError(await search(key), 403, "FORBIDDEN");
    expect(
      (await t.request("/v1/megastore/categories?query=x", { headers: { "x-api-key": key } })).status,
    ).toBe(200);
    const wide = await t.admin.createKey(accountId, { scopes: ["*:search"] });
    expect((await search(wide.key)).status).toBe(200);
  });

  it("answers 402 INSUFFICIENT_BALANCE when the balance does not cover the call, and serves after a top-up", async () => {
    const { accountId, key } = await t.admin.customer("0.000999");
    const body = await expectError(await search(key), 402, "INSUFFICIENT_BALANCE");
    expect(body.error.message).toMatch(/Top up/);
    expect((await t.admin.credit(accountId, "0.01")).status).toBe(200);
    expect((await search(key)).status).toBe(200);
  });

  it("answers 429 QUOTA_EXCEEDED to an account without a billing arrangement", async () => {
    const accountId = await t.admin.createAccount("nobilling@example.com", "5.00", false);
    const { key } = await t.admin.createKey(accountId);
    await expectError(await search(key), 429, "QUOTA_EXCEEDED");
    expect((await t.admin.account(accountId)).balanceMicros).toBe(5_000_000);
  });

  it("never stores the key itself, only its hash", async () => {
    const { key } = await t.admin.customer();
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT COUNT(*)::int8 AS n FROM api_keys WHERE hash = $1 OR display_prefix = $1 OR name = $1",
      [key],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
