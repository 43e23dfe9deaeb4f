/** How the panel writes money, scores and marketplaces. */
import type { Marketplace } from "../../../contract/marketplace.ts";

export const MARKETPLACE_NAMES: Record<Marketplace, string> = {
  emporium: "Emporium",
  auction: "Auction",
  megastore: "Megastore",
  storefront: "Storefront",
  crossborder: "Crossborder",
};

export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The currency a seller most likely thinks in, from the browser's language; USD where unsure. */
export function defaultCurrency(language: string | undefined): string {
  const tag = (language ?? "").toLowerCase();
  const table: Array<[RegExp, string]> = [
    [/^ko/, "KRW"],
    [/^ja/, "JPY"],
    [/^zh-(tw|hant)/, "TWD"],
    [/^zh-hk/, "HKD"],
    [/^zh/, "CNY"],
    [/^en-gb/, "GBP"],
    [/^en-ca|^fr-ca/, "CAD"],
    [/^en-au/, "AUD"],
    [/^(de|fr|it|es|nl|pt|fi|el)/, "EUR"],
  ];
  return table.find(([re]) => re.test(tag))?.[1] ?? "USD";
}

/** The currencies of the server's exchange-rate table (migration 0050). */
export const CURRENCIES = ["USD", "EUR", "GBP", "JPY", "KRW", "CNY", "TWD", "HKD", "CAD", "AUD"] as const;
