/**
 * Small readers of what product pages share: schema.org JSON-LD and microdata, Open Graph tags, prices
 * written as text ("US $24.99", "¥1,280", "1.234,56 €"), and tidy text.
 */
import type { PageMoney } from "./page-product.ts";

export type JsonObject = Record<string, unknown>;

/** Text of the first element matching any selector, spaces collapsed; undefined when empty. */
export function textOf(root: ParentNode, ...selectors: string[]): string | undefined {
  for (const selector of selectors) {
    const text = tidy(root.querySelector(selector)?.textContent);
    if (text) return text;
  }
  return undefined;
}

export function attrOf(root: ParentNode, selector: string, ...names: string[]): string | undefined {
  const el = root.querySelector(selector);
  for (const name of names) {
    const value = tidy(el?.getAttribute(name));
    if (value) return value;
  }
  return undefined;
}

/** Spaces collapsed, and the direction marks Amazon puts before detail values (U+200E, U+200F) dropped. */
export function tidy(text: string | null | undefined): string | undefined {
  const out = (text ?? "")
    .replace(/[\u200e\u200f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return out || undefined;
}

export function meta(doc: Document, property: string): string | undefined {
  return attrOf(doc, `meta[property="${property}"], meta[name="${property}"]`, "content");
}

/** Every JSON-LD object on the page, `@graph` and arrays flattened; scripts that do not parse are skipped. */
export function jsonLd(doc: Document): JsonObject[] {
  const out: JsonObject[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      out.push(value as JsonObject);
      const graph = (value as JsonObject)["@graph"];
      if (graph) visit(graph);
    }
  };
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      visit(JSON.parse(script.textContent ?? ""));
    } catch {
      // a theme's broken JSON-LD: the page's other markup still reads
    }
  }
  return out;
}

export function jsonLdProduct(doc: Document): JsonObject | undefined {
  return jsonLd(doc).find((o) => [o["@type"]].flat().includes("Product"));
}

export function str(value: unknown): string | undefined {
  if (typeof value === "string") return tidy(value);
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && "name" in value) return str((value as JsonObject).name);
  return undefined;
}

/** The first offer's price of a JSON-LD Product (offers as an object, an array, or an AggregateOffer). */
export function offerPrice(product: JsonObject | undefined): PageMoney | undefined {
  const offers = [product?.offers].flat()[0] as JsonObject | undefined;
  if (!offers) return undefined;
  const amount = Number(offers.price ?? offers.lowPrice);
  const currency = str(offers.priceCurrency);
  return Number.isFinite(amount) && amount > 0 && currency ? { amount, currency } : undefined;
}

export function gtinOf(product: JsonObject | undefined): string | undefined {
  for (const key of ["gtin13", "gtin12", "gtin14", "gtin8", "gtin"]) {
    const value = str(product?.[key])?.replace(/\D/g, "");
    if (value && value.length >= 8) return value;
  }
  return undefined;
}

export function imageOf(product: JsonObject | undefined): string | undefined {
  const image = [product?.image].flat()[0];
  if (typeof image === "string") return image;
  return str((image as JsonObject | undefined)?.url) ?? str((image as JsonObject | undefined)?.contentUrl);
}

const SYMBOLS: Array<[RegExp, string]> = [
  [/US\s?\$/, "USD"],
  [/C\s?\$|CA\s?\$/, "CAD"],
  [/A\s?\$|AU\s?\$/, "AUD"],
  [/HK\s?\$/, "HKD"],
  [/NT\s?\$/, "TWD"],
  [/CN\s?¥|RMB|元/, "CNY"],
  [/JP\s?¥|円/, "JPY"],
  [/€/, "EUR"],
  [/£/, "GBP"],
  [/₩|원/, "KRW"],
];

/**
 * A price written as text. The currency comes from an ISO code or a symbol in the text, else
 * `fallbackCurrency` (the site's own: `$` on amazon.com is USD, `¥` on a Japanese store is JPY).
 */
export function parsePrice(text: string | undefined, fallbackCurrency?: string): PageMoney | undefined {
  if (!text) return undefined;
  const iso = /\b(USD|EUR|GBP|JPY|CNY|KRW|CAD|AUD|HKD|TWD)\b/.exec(text)?.[1];
  const symbol = SYMBOLS.find(([re]) => re.test(text))?.[1];
  const currency = iso ?? symbol ?? fallbackCurrency ?? (/[$]/.test(text) ? "USD" : undefined);
  const number = /\d[\d.,\s]*/.exec(text)?.[0].replace(/\s/g, "");
  if (!currency || !number) return undefined;
  // "1.234,56" (comma decimals) against "1,234.56"; a lone separator with three digits after it groups.
  const lastComma = number.lastIndexOf(",");
  const lastDot = number.lastIndexOf(".");
  let normal = number;
  if (lastComma > lastDot) {
    normal =
      /,\d{3}$/.test(number) && lastDot < 0
        ? number.replace(/,/g, "")
        : number.replace(/\./g, "").replace(",", ".");
  } else normal = number.replace(/,/g, "");
  const amount = Number(normal.replace(/[.,]$/, ""));
  return Number.isFinite(amount) && amount > 0 ? { amount, currency } : undefined;
}

/** "Brand: Acme", "Visit the Acme Store", "Acme" -> "Acme". */
export function brandFromByline(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return tidy(
    text
      .replace(/^Visit the\s+/i, "")
      .replace(/\s+Store$/i, "")
      .replace(/^Brand:\s*/i, ""),
  );
}
