import { z } from "zod";
import type { Ledger } from "../billing/ledger.ts";
import { randomBase62 } from "../platform/ids.ts";
import type { Logger } from "../platform/logger.ts";
import type { Database } from "../storage/database.ts";
import type { PaymentsProvider } from "./port.ts";
import { verifyStripeSignature } from "./stripe-signature.ts";

export interface PaymentRecord {
  id: string;
  amountMicros: number;
  testMoney: boolean;
  status: "pending" | "credited";
  provider: string;
  createdAt: Date;
}

/** The part of a Stripe event we read (docs.stripe.com/api/events/object). */
const StripeEvent = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.looseObject({
      id: z.string().optional(),
      client_reference_id: z.string().nullish(),
      payment_status: z.string().optional(),
      metadata: z.record(z.string(), z.string()).nullish(),
    }),
  }),
});

export type WebhookOutcome =
  | { status: 200; result: "credited" | "duplicate" | "ignored" }
  | { status: 400; reason: string };

/**
 * Top-ups: a payment row made before the provider is asked, credited to the ledger exactly once (the
 * row's pending -> credited transition is the guard), whether the sandbox pays at once or Stripe's
 * webhook arrives once, twice or concurrently.
 */
export class PaymentService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    readonly provider: PaymentsProvider,
    private readonly logger: Logger,
    private readonly webhookSecret?: string,
  ) {}

  async startTopUp(input: {
    accountId: string;
    email: string;
    amountMicros: number;
    returnUrl: string;
  }): Promise<{ paymentId: string; redirectUrl?: string; credited: boolean }> {
    const paymentId = `pay_${randomBase62(20)}`;
    await this.db.query(
      `INSERT INTO payments (id, account_id, provider, amount_micros, test_money, status)
       VALUES ($1, $2, $3, $4, $5, 'pending')`,
      [paymentId, input.accountId, this.provider.name, input.amountMicros, this.provider.testMoney],
    );
    const start = await this.provider.startTopUp({ paymentId, ...input });
    await this.db.query("UPDATE payments SET provider_ref = $2 WHERE id = $1", [
      paymentId,
      start.providerRef,
    ]);
    if (start.kind === "redirect") return { paymentId, redirectUrl: start.url, credited: false };
    await this.credit(paymentId);
    return { paymentId, credited: true };
  }

  /** Credits a pending payment once; false when it was credited already (or is unknown). */
  async credit(paymentId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ account_id: string; amount_micros: number }>(
      `UPDATE payments SET status = 'credited', credited_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING account_id, amount_micros`,
      [paymentId],
    );
    const row = rows[0];
    if (!row) return false;
    try {
      await this.ledger.topUp(row.account_id, Number(row.amount_micros), paymentId);
    } catch (error) {
      // Not credited after all: put it back, so the provider's retry credits it.
      await this.db.query("UPDATE payments SET status = 'pending', credited_at = NULL WHERE id = $1", [
        paymentId,
      ]);
      throw error;
    }
    return true;
  }

  async list(accountId: string): Promise<PaymentRecord[]> {
    const { rows } = await this.db.query<{
      id: string;
      amount_micros: number;
      test_money: boolean;
      status: "pending" | "credited";
      provider: string;
      created_at: Date;
    }>(
      `SELECT id, amount_micros, test_money, status, provider, created_at FROM payments
       WHERE account_id = $1 ORDER BY created_at DESC LIMIT 100`,
      [accountId],
    );
    return rows.map((r) => ({
      id: r.id,
      amountMicros: Number(r.amount_micros),
      testMoney: r.test_money,
      status: r.status,
      provider: r.provider,
      createdAt: r.created_at,
    }));
  }

  /**
   * A Stripe webhook delivery: the signature is checked over the raw body, each event id is handled once
   * (recorded in payment_events in the same breath as the credit), and only a paid
   * `checkout.session.completed` for one of our payments credits anything.
   */
  async handleStripeWebhook(
    rawBody: string,
    signature: string | undefined,
    nowSeconds: number,
  ): Promise<WebhookOutcome> {
    if (!this.webhookSecret) return { status: 400, reason: "Stripe webhooks are not configured" };
    const verdict = verifyStripeSignature(rawBody, signature, this.webhookSecret, nowSeconds);
    if (!verdict.ok) return { status: 400, reason: verdict.reason };
    let event: z.infer<typeof StripeEvent>;
    try {
      event = StripeEvent.parse(JSON.parse(rawBody));
    } catch {
      return { status: 400, reason: "the body is not a Stripe event" };
    }
    const { rowCount } = await this.db.query(
      "INSERT INTO payment_events (provider, event_id) VALUES ('stripe', $1) ON CONFLICT DO NOTHING",
      [event.id],
    );
    if (rowCount === 0) return { status: 200, result: "duplicate" };
    const session = event.data.object;
    const paymentId = session.metadata?.payment_id ?? session.client_reference_id ?? undefined;
    if (event.type !== "checkout.session.completed" || session.payment_status !== "paid" || !paymentId) {
      return { status: 200, result: "ignored" };
    }
    try {
      const credited = await this.credit(paymentId);
      if (!credited)
        this.logger.info("stripe event for a payment already credited or unknown", {
          event: event.id,
          paymentId,
        });
      return { status: 200, result: credited ? "credited" : "duplicate" };
    } catch (error) {
      // Forget the event so Stripe's next delivery tries again.
      await this.db.query("DELETE FROM payment_events WHERE provider = 'stripe' AND event_id = $1", [
        event.id,
      ]);
      throw error;
    }
  }
}
