import { Hono } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import { readBodyBytes } from "../platform/body.ts";
import type { AppEnv } from "../platform/context.ts";
import { requestHeader } from "../platform/request-header.ts";

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Stripe's webhook endpoint: POST /payments/stripe/webhook (register it in Stripe's dashboard). */
export function paymentWebhookRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post("/stripe/webhook", async (c) => {
    const { payments, clockMs } = c.get("services");
    // The signature covers the exact bytes Stripe sent: read them raw, never re-serialized JSON.
    const raw = new TextDecoder().decode(await readBodyBytes(c, WEBHOOK_BODY_LIMIT));
    const outcome = await payments.handleStripeWebhook(
      raw,
      requestHeader(c, "stripe-signature"),
      Math.floor(clockMs() / 1000),
    );
    if (outcome.status === 400) throw new GatewayError("BAD_REQUEST", `Webhook refused: ${outcome.reason}.`);
    return c.json({ received: true, result: outcome.result });
  });
  return app;
}
