import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Stripe's webhook signature (docs.stripe.com/webhooks#verify-manually): the `Stripe-Signature` header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint secret>[,v1=...]`. A
 * signature older than the tolerance is refused, so a captured delivery cannot be replayed later.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signStripePayload(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`).digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}

export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
): { ok: true } | { ok: false; reason: string } {
  if (!header) return { ok: false, reason: "no Stripe-Signature header" };
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    return { ok: false, reason: "the Stripe-Signature header has no t= and v1=" };
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    return { ok: false, reason: "the signature's timestamp is outside the tolerance" };
  const expected = Buffer.from(
    createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex"),
    "utf8",
  );
  const match = signatures.some((signature) => {
    const given = Buffer.from(signature, "utf8");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { ok: true } : { ok: false, reason: "no v1 signature matches" };
}
