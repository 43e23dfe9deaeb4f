/**
 * Shopify product pages (`/products/<handle>` on any store's domain): the gateway's storefront. Every
 * Shopify page carries `ShopifyAnalytics.meta` (product id, vendor, variants) in an inline script and
 * `og:price:amount`/`og:price:currency`; themes such as Dawn add a JSON-LD Product (gtin, sku, brand).
 * A store is recognised by that markup, not by its host.
 */

import {
  gtinOf,
  imageOf,
  type JsonObject,
  jsonLdProduct,
  meta,
  offerPrice,
  str,
  textOf,
} from "./page-parts.ts";
import type { PageReader } from "./page-product.ts";

/** The object literal assigned to `var meta` in Shopify's analytics script. */
function analyticsMeta(doc: Document): JsonObject | undefined {
  for (const script of Array.from(doc.querySelectorAll("script"))) {
    const text = script.textContent ?? "";
    if (!text.includes("ShopifyAnalytics")) continue;
    const found = /var meta = (\{.*?\});\s*\n/s.exec(text);
    if (!found) continue;
    try {
      return JSON.parse(found[1]!) as JsonObject;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export const storefrontReader: PageReader = {
  marketplace: "storefront",
  recognises: (doc, url) =>
    /\.myshopify\.com$/.test(url.hostname) ||
    !!doc.querySelector('meta[name="shopify-digital-wallet"], script#shopify-features'),
  read(doc, url) {
    const analytics = analyticsMeta(doc)?.product as JsonObject | undefined;
    const ld = jsonLdProduct(doc);
    const id = str(analytics?.id);
    const title = textOf(doc, ".product__title h1", "h1.product__title", "h1") ?? str(ld?.name);
    if (!id || !title || !/^\d+$/.test(id)) return undefined;
    const amount = Number(meta(doc, "og:price:amount")?.replace(/,/g, ""));
    const currency = meta(doc, "og:price:currency");
    const variants = (analytics?.variants as JsonObject[] | undefined) ?? [];
    return {
      marketplace: "storefront",
      productId: `gid://shopify/Product/${id}`,
      title,
      url: url.href,
      imageUrl: absolute(meta(doc, "og:image") ?? imageOf(ld), url),
      price: offerPrice(ld) ?? (amount > 0 && currency ? { amount, currency } : undefined),
      brand: str(analytics?.vendor) ?? str(ld?.brand),
      model: str(variants[0]?.sku) ?? str(ld?.sku),
      gtin: gtinOf(ld),
      variant: str(variants[0]?.public_title),
    };
  },
};

/** Shopify writes protocol-relative CDN URLs (`//cdn.shopify.com/…`). */
function absolute(src: string | undefined, page: URL): string | undefined {
  return src ? new URL(src, page).href : undefined;
}
