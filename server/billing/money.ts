/**
 * Money is integer micro-dollars everywhere inside the service; decimal strings only at the edges.
 * Conversions are string arithmetic so no float ever touches a balance.
 */
export const MICROS_PER_DOLLAR = 1_000_000;

const DOLLARS = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** "10.5" → 10_500_000; undefined when the text is not a non-negative amount with at most 6 decimals. */
export function parseDollars(amount: string): number | undefined {
  const match = DOLLARS.exec(amount.trim());
  if (!match) return undefined;
  return Number(match[1]) * MICROS_PER_DOLLAR + Number((match[2] ?? "").padEnd(6, "0"));
}

export function dollarsToMicros(amount: string): number {
  const micros = parseDollars(amount);
  if (micros === undefined) throw new RangeError(`not a dollar amount: ${amount}`);
  return micros;
}

/** 9_998_000 → "9.998000" (six decimals, as the admin contract shows). */
export function formatMicros(micros: number): string {
  const sign = micros < 0 ? "-" : "";
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_DOLLAR);
  const fraction = String(abs % MICROS_PER_DOLLAR).padStart(6, "0");
  return `${sign}${whole}.${fraction}`;
}
