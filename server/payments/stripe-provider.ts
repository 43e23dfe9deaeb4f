import { z } from "zod";
import type { PaymentsProvider } from "./port.ts";

export interface StripeOptions {
  secretKey: string;
  /** https://api.stripe.com, or a local server speaking Stripe's shapes in tests. */
  apiBase: string;
  fetch?: typeof fetch;
}

/** The part of a Checkout Session object we read (docs.stripe.com/api/checkout/sessions/object). */
const CheckoutSession = z.object({
  id: z.string(),
  object: z.literal("checkout.session"),
  url: z.string().url().nullable(),
});

const StripeError = z.object({ error: z.object({ message: z.string(), type: z.string().optional() }) });

/**
 * Stripe Checkout: a top-up is a Checkout Session in payment mode (POST /v1/checkout/sessions,
 * form-encoded, the secret key as bearer); the person pays on Stripe's page and Stripe's
 * `checkout.session.completed` webhook credits the balance (server/payments/stripe-webhook.ts).
 * The payment id is the idempotency key, so a retried create never makes a second session.
 */
export function stripeProvider(options: StripeOptions): PaymentsProvider {
  const fetchFn = options.fetch ?? fetch;
  return {
    name: "stripe",
    testMoney: options.secretKey.startsWith("sk_test_"),
    async startTopUp(request) {
      const cents = Math.round(request.amountMicros / 10_000);
      const form = new URLSearchParams({
        mode: "payment",
        success_url: `${request.returnUrl}?topup=${request.paymentId}`,
        cancel_url: `${request.returnUrl}?topup=cancelled`,
        client_reference_id: request.paymentId,
        customer_email: request.email,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": String(cents),
        "line_items[0][price_data][product_data][name]": "Marketlens credit",
        "metadata[payment_id]": request.paymentId,
        "metadata[account_id]": request.accountId,
      });
      const response = await fetchFn(`${options.apiBase}/v1/checkout/sessions`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
          "idempotency-key": request.paymentId,
        },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const message = StripeError.safeParse(body).data?.error.message ?? `HTTP ${response.status}`;
        throw new Error(`Stripe refused the Checkout Session: ${message}`);
      }
      const session = CheckoutSession.parse(body);
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a url");
      return { kind: "redirect", providerRef: session.id, url: session.url };
    },
  };
}
