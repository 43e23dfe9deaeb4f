import type { PriceFn } from "./ledger.ts";

/**
 * Every price of the service (spec: Limits, Billing), in one place. A marketplace operation costs
 * units × the unit price ($0.001); image translate and OCR cost the image-translate rate; supported
 * fonts and custom fonts are free. Past the daily threshold an account pays the reduced rate.
 */
export interface PriceBook {
  unitMicros: number;
  imageTranslateMicros: number;
  /** Calls a day per account after which the reduced rate applies (the 1,001st call is reduced). */
  reducedRateAfterCalls: number;
  /** The reduced price as a percentage of the full one. */
  reducedRatePercent: number;
}

export type Chargeable = { kind: "units"; units: number } | { kind: "image" };

export function fullPrice(book: PriceBook, what: Chargeable): number {
  return what.kind === "units" ? what.units * book.unitMicros : book.imageTranslateMicros;
}

/** Price functions are made once per book and price, not on every call. */
const made = new WeakMap<PriceBook, Map<string, PriceFn>>();

export function priceFor(book: PriceBook, what: Chargeable): PriceFn {
  let byKind = made.get(book);
  if (!byKind) {
    byKind = new Map();
    made.set(book, byKind);
  }
  const key = what.kind === "units" ? `u${what.units}` : "image";
  let price = byKind.get(key);
  if (!price) {
    const full = fullPrice(book, what);
    const reduced = Math.round((full * book.reducedRatePercent) / 100);
    price = (callsToday) => (callsToday >= book.reducedRateAfterCalls ? reduced : full);
    byKind.set(key, price);
  }
  return price;
}
