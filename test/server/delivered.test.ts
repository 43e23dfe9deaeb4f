import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * When a call counts as delivered (docs/billing.md): its result was complete while the caller was still
 * connected. Through a real socket, with callers that hang up before the result and callers that hang up
 * the moment the response starts arriving.
 */
describe("a call counts as delivered", () => {
  let t: TestApp;
  let server: ReturnType<typeof serve> | undefined;
  afterEach(async () => {
    server?.close();
    await t?.close();
  });

  /** One call that hangs up after `hangUpMs`, or as soon as the response's head arrives. */
  function call(port: number, key: string, query: string, hangUpMs: number): Promise<"answered" | "hung up"> {
    return new Promise((resolve) => {
      const req = http.get(
        { host: "127.0.0.1", port, path: `/v1/megastore/search?${query}`, headers: { "x-api-key": key } },
        (res) => {
          clearTimeout(timer);
          req.destroy(); // the client cancels as the response completes
          resolve(res.statusCode === 200 ? "answered" : "hung up");
        },
      );
      req.on("error", () => {});
      const timer = setTimeout(() => {
        req.destroy();
        resolve("hung up");
      }, hangUpMs);
    });
  }

  it("charges every caller that got the answer, none that left before the result, and the ledger stays exact", async () => {
    const marketplace = scriptedMarketplace();
    t = await createTestApp({ marketplaces: { megastore: marketplace } });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const { accountId, key } = await t.admin.customer("1.00");
    const charges = async () => {
      await t.services.ledger.settle();
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT COUNT(*)::int8 AS n FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'",
        [accountId],
      );
      return rows[0]!.n;
    };

    // Callers that leave well before the result (the upstream takes 300 ms): never charged.
    for (let i = 0; i < 5; i++)
      expect(await call(port, key, `query=early${i}&delayMs=300`, 50)).toBe("hung up");
    await new Promise((r) => setTimeout(r, 400)); // their calls have ended on the server
    expect(await charges()).toBe(0);

    // Callers that leave around the moment the result completes (upstream 60 ms, hang-up 40 to 96 ms).
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i++)
      outcomes.push(await call(port, key, `query=edge${i}&delayMs=60`, 40 + (i % 15) * 4));
    await new Promise((r) => setTimeout(r, 200));
    const charged = await charges();
    const answered = outcomes.filter((o) => o === "answered").length;
    console.info("cancel at the edge", { tries: outcomes.length, answered, charged });
    expect(charged).toBeGreaterThanOrEqual(answered); // every caller that got the answer paid for it
    expect(charged).toBeLessThanOrEqual(outcomes.length); // and nobody twice
    expect(await t.services.ledger.balance(accountId)).toBe(1_000_000 - charged * 1_000);
  }, 180_000);
});
