import { GatewayError } from "../../src/contract/errors.ts";
import type { Money } from "../../src/contract/marketplace.ts";
import type { Database } from "../storage/database.ts";

/**
 * The exchange-rate table landed costs are computed with (table exchange_rates, migration 0050): units of
 * each currency a US dollar buys, and the day the rate was taken. Read once and kept for a while; an
 * operator changes a rate with an UPDATE (or a migration), and the server sees it within `ttlMs`.
 */
export interface RateTable {
  perUsd: ReadonlyMap<string, number>;
  /** The oldest day among the rates used (YYYY-MM-DD). */
  asOf: string;
}

/** Minor units per major unit (ISO 4217); those not listed have two. */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, TWD: 0, HUF: 0 };

export class ExchangeRates {
  #table: RateTable | undefined;
  #loadedAt = 0;
  #loading: Promise<RateTable> | undefined;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async table(): Promise<RateTable> {
    if (this.#table && this.now() - this.#loadedAt < this.ttlMs) return this.#table;
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #load(): Promise<RateTable> {
    const { rows } = await this.db.query<{ currency: string; per_usd: string; as_of: string | Date }>(
      "SELECT currency, per_usd::text AS per_usd, as_of::text AS as_of FROM exchange_rates",
    );
    const perUsd = new Map(rows.map((r) => [r.currency, Number(r.per_usd)]));
    const asOf = rows.map((r) => String(r.as_of).slice(0, 10)).sort()[0] ?? "";
    this.#table = { perUsd, asOf };
    this.#loadedAt = this.now();
    return this.#table;
  }
}

/** Whether the table can convert into a currency (checked at the edge: CURRENCY_NOT_SUPPORTED). */
export function requireCurrency(table: RateTable, currency: string): void {
  if (!table.perUsd.has(currency)) {
    throw new GatewayError(
      "CURRENCY_NOT_SUPPORTED",
      `currency: no exchange rate for "${currency.slice(0, 8)}"; use one of ${[...table.perUsd.keys()].sort().join(", ")}.`,
    );
  }
}

/** An amount in another currency, rounded to its minor unit; undefined when a rate is missing. */
export function convert(table: RateTable, money: Money, to: string): Money | undefined {
  const from = table.perUsd.get(money.currency);
  const into = table.perUsd.get(to);
  if (from === undefined || into === undefined) return undefined;
  const digits = MINOR_DIGITS[to] ?? 2;
  const scale = 10 ** digits;
  return { amount: Math.round((money.amount / from) * into * scale) / scale, currency: to };
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error(`cannot add ${a.currency} to ${b.currency}`);
  const digits = MINOR_DIGITS[a.currency] ?? 2;
  const scale = 10 ** digits;
  return { amount: Math.round((a.amount + b.amount) * scale) / scale, currency: a.currency };
}
