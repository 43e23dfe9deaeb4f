import type { Money } from "../../../src/contract/marketplace.ts";

/**
 * Marketplaces send prices as strings ("1900.00", "25.0"), numbers (26.49) or minor units. The contract
 * wants decimal major units rounded to the currency's minor unit, so every normalizer goes through here.
 */

const digitsCache = new Map<string, number>();

/** Minor-unit digits of a currency (JPY 0, USD 2, BHD 3), from the runtime's ICU data. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** A decimal amount as text or number; undefined when it is not a non-negative finite amount. */
export function money(amount: unknown, currency: unknown): Money | undefined {
  if (typeof currency !== "string" || !/^[A-Za-z]{3}$/.test(currency)) return undefined;
  let value: number;
  if (typeof amount === "number") value = amount;
  else if (typeof amount === "string") {
    // Thousands separators appear in some display strings ("1,299.00"); nothing else is accepted.
    const text = amount.trim().replace(/,(?=\d{3}(\D|$))/g, "");
    if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
    value = Number(text);
  } else return undefined;
  if (!Number.isFinite(value) || value < 0) return undefined;
  const code = currency.toUpperCase();
  return { amount: round(value, minorDigits(code)), currency: code };
}

/** Minor units (cents) to Money. */
export function fromMinor(minor: number, currency: string): Money {
  const digits = minorDigits(currency);
  return { amount: round(minor / 10 ** digits, digits), currency };
}

/** Major units to the integer minor units an API such as PA-API takes for price bounds. */
export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorDigits(currency));
}

function round(value: number, digits: number): number {
  // toFixed on the scaled value avoids 1.005 * 100 = 100.49999 style surprises.
  const factor = 10 ** digits;
  return Math.round(Number((value * factor).toFixed(6))) / factor;
}

/** The lowest of several prices in one currency (a product's "from" price). */
export function lowest(prices: Money[]): Money | undefined {
  let best: Money | undefined;
  for (const price of prices) if (!best || price.amount < best.amount) best = price;
  return best;
}
