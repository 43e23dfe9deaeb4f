/**
 * What the Balance page says when a person comes back from the payment provider's checkout: Stripe sends
 * them to `?topup=<payment id>` when they paid and to `?topup=cancelled` when they gave up. The credit
 * itself arrives by the provider's webhook, which can land a moment after the person does.
 */
export interface ReturnNotice {
  kind: "ok" | "warn";
  text: string;
}

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,80}$/;

export function topUpReturnNotice(search: string): ReturnNotice | null {
  const topup = new URLSearchParams(search).get("topup");
  if (topup === null) return null;
  if (topup === "cancelled") {
    return { kind: "warn", text: "Top-up cancelled: nothing was charged. Pick an amount to try again." };
  }
  if (!PAYMENT_ID.test(topup)) return null;
  return {
    kind: "ok",
    text: "Payment received. Your balance is credited as soon as the payment provider confirms it, usually within seconds.",
  };
}
