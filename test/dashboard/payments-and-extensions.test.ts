import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signStripePayload } from "../../server/payments/stripe-signature.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { DashboardClient } from "./support.ts";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdef";

/**
 * Stripe's Checkout Session create as documented (docs.stripe.com/api/checkout/sessions/create): a
 * form-encoded POST with the secret key as bearer, answered with a checkout.session object.
 */
function fakeStripe(): Promise<{
  url: string;
  server: Server;
  requests: Array<{ auth?: string; idempotency?: string; form: URLSearchParams }>;
}> {
  const requests: Array<{ auth?: string; idempotency?: string; form: URLSearchParams }> = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      requests.push({
        auth: req.headers.authorization,
        idempotency: req.headers["idempotency-key"] as string | undefined,
        form,
      });
      res.setHeader("content-type", "application/json");
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }),
        );
        return;
      }
      if (req.headers.authorization !== "Bearer sk_test_fake") {
        res.statusCode = 401;
        res.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }),
        );
        return;
      }
      const id = `cs_test_${requests.length}a1b2c3`;
      res.end(
        JSON.stringify({
          id,
          object: "checkout.session",
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          client_reference_id: form.get("client_reference_id"),
          currency: "usd",
          livemode: false,
          metadata: {
            payment_id: form.get("metadata[payment_id]"),
            account_id: form.get("metadata[account_id]"),
          },
          mode: "payment",
          payment_status: "unpaid",
          status: "open",
          success_url: form.get("success_url"),
          url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests }),
    ),
  );
}

function completedEvent(eventId: string, paymentId: string, paymentStatus = "paid") {
  return JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2024-06-20",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: "cs_test_1a1b2c3",
        object: "checkout.session",
        client_reference_id: paymentId,
        metadata: { payment_id: paymentId },
        payment_status: paymentStatus,
        status: "complete",
      },
    },
  });
}

describe("payments: Stripe Checkout", () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  beforeAll(async () => {
    stripe = await fakeStripe();
    t = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    stripe.server.close();
  });

  const deliver = (payload: string, signature: string | undefined) =>
    t.request("/payments/stripe/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      body: payload,
    });

  it("gives no starter credit, creates a Checkout Session and credits once per event, however often delivered", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    expect(
      ((await (await browser.call("GET", "/balance")).json()) as { balanceMicros: number }).balanceMicros,
    ).toBe(0);
    const res = await browser.call("POST", "/topup", { amount: "12.34" });
    expect(res.status).toBe(200);
    const started = (await res.json()) as { paymentId: string; redirectUrl: string; credited: boolean };
    expect(started.credited).toBe(false);
    expect(started.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = stripe.requests.at(-1)!;
    expect(sent.auth).toBe("Bearer sk_test_fake");
    expect(sent.idempotency).toBe(started.paymentId);
    expect(sent.form.get("mode")).toBe("payment");
    expect(sent.form.get("line_items[0][price_data][unit_amount]")).toBe("1234");
    expect(sent.form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(sent.form.get("client_reference_id")).toBe(started.paymentId);

    const payload = completedEvent("evt_1PaidOnce", started.paymentId);
    const signature = signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    const deliveries = await Promise.all([
      deliver(payload, signature),
      deliver(payload, signature),
      deliver(payload, signature),
    ]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    // A second event for the same payment (Stripe may send a retry under a new id) credits nothing more.
    const other = completedEvent("evt_2SamePayment", started.paymentId);
    expect(
      (await deliver(other, signStripePayload(other, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)))).status,
    ).toBe(200);
    const balance = (await (await browser.call("GET", "/balance")).json()) as {
      balanceMicros: number;
      testMoney: boolean;
    };
    expect(balance).toMatchObject({ balanceMicros: 12_340_000, testMoney: true });
  });

  it("refuses a webhook with a bad, missing or stale signature and credits nothing", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const { paymentId } = (await (await browser.call("POST", "/topup", { amount: "5.00" })).json()) as {
      paymentId: string;
    };
    const payload = completedEvent("evt_forged", paymentId);
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(payload, signStripePayload(payload, "whsec_wrong", now))).status).toBe(400);
    expect((await deliver(payload, undefined)).status).toBe(400);
    expect((await deliver(payload, signStripePayload(payload, WEBHOOK_SECRET, now - 3600))).status).toBe(400);
    const tampered = payload.replace('"paid"', '"paid" ');
    expect((await deliver(tampered, signStripePayload(payload, WEBHOOK_SECRET, now))).status).toBe(400);
    expect(
      ((await (await browser.call("GET", "/balance")).json()) as { balanceMicros: number }).balanceMicros,
    ).toBe(0);
    // The same event, rightly signed, then credits (the refused deliveries did not use up its id).
    expect((await deliver(payload, signStripePayload(payload, WEBHOOK_SECRET, now))).status).toBe(200);
    expect(
      ((await (await browser.call("GET", "/balance")).json()) as { balanceMicros: number }).balanceMicros,
    ).toBe(5_000_000);
  });

  it("credits nothing for an unpaid completed session", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const { paymentId } = (await (await browser.call("POST", "/topup", { amount: "5.00" })).json()) as {
      paymentId: string;
    };
    const payload = completedEvent("evt_unpaid", paymentId, "unpaid");
    expect(
      (await deliver(payload, signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000))))
        .status,
    ).toBe(200);
    expect(
      ((await (await browser.call("GET", "/balance")).json()) as { balanceMicros: number }).balanceMicros,
    ).toBe(0);
  });
});

describe("extension tokens and /app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("issues an mle_ token that opens /app only; /v1 refuses it as x-api-key and as bearer; revocation is immediate", async () => {
    const browser = new DashboardClient(t);
    const { accountId, email } = await browser.signUp();
    const res = await browser.call("POST", "/extension-tokens", { name: "Chrome on laptop" });
    expect(res.status).toBe(201);
    const { tokenId, token } = (await res.json()) as { tokenId: string; token: string };
    expect(token).toMatch(/^mle_[0-9A-Za-z]{43}$/);
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await t.request("/v1/image-translate/supported-fonts", { headers: { "x-api-key": token } })).status,
    ).toBe(401);
    expect((await t.request("/v1/image-translate/supported-fonts", { headers: bearer })).status).toBe(401);
    const session = await t.request("/app/session", { headers: bearer });
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ accountId, email, balance: "1.000000" });
    // An API key does not open /app.
    const { key } = await browser.createKey();
    expect((await t.request("/app/session", { headers: { authorization: `Bearer ${key}` } })).status).toBe(
      401,
    );

    const listed = (await (await browser.call("GET", "/extension-tokens")).json()) as {
      tokens: Array<{ tokenId: string; name: string; lastUsedAt: string | null }>;
    };
    expect(listed.tokens).toHaveLength(1);
    expect(listed.tokens[0]).toMatchObject({ tokenId, name: "Chrome on laptop" });
    expect(JSON.stringify(listed)).not.toContain(token);

    expect((await browser.call("DELETE", `/extension-tokens/${tokenId}`)).status).toBe(204);
    expect((await t.request("/app/session", { headers: bearer })).status).toBe(401);
  });

  it("translates through the server's translator, charged to the connected account", async () => {
    const browser = new DashboardClient(t);
    await browser.signUp();
    const { token } = (await (
      await browser.call("POST", "/extension-tokens", { name: "Firefox" })
    ).json()) as {
      token: string;
    };
    const res = await t.request("/app/translate", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ texts: ["包邮", "新品上市"], source: "zh", target: "ko" }),
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: Array<{ text: string; status: string }> };
    expect(results).toHaveLength(2);
    expect(results[0]!.status).toBe("translated");
    expect(results[0]!.text).toMatch(/[가-힣]/);
    const balance = (await (await browser.call("GET", "/balance")).json()) as { balanceMicros: number };
    expect(balance.balanceMicros).toBe(1_000_000 - 2 * t.config.billing.unitMicros);
    const bad = await t.request("/app/translate", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ texts: [], source: "zh", target: "ko" }),
    });
    expect(bad.status).toBe(400);
  });
});
