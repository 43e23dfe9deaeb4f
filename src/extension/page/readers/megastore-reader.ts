/**
 * Walmart item pages (`/ip/<slug>/<item id>`): the gateway's megastore. Walmart serves a JSON-LD
 * Product (`script[data-seo-id="schema-org-product"]`: sku, gtin13, brand, model, offers) and the
 * visible `h1#main-title`, `[itemprop="price"]` and `[data-testid="hero-image"] img`; the item id is the
 * URL's last segment (the `sku` of the JSON-LD on the same page).
 */

import { attrOf, gtinOf, imageOf, jsonLdProduct, offerPrice, parsePrice, str, textOf } from "./page-parts.ts";
import type { PageReader } from "./page-product.ts";

export const megastoreReader: PageReader = {
  marketplace: "megastore",
  recognises: (doc, url) =>
    /(^|\.)walmart\.com$/.test(url.hostname) ||
    !!doc.querySelector('script[data-seo-id="schema-org-product"]'),
  read(doc, url) {
    const ld = jsonLdProduct(doc);
    const itemId = /\/ip\/(?:[^/]+\/)?(\d{5,})/.exec(url.pathname)?.[1] ?? str(ld?.sku);
    const title = textOf(doc, "h1#main-title", 'h1[itemprop="name"]') ?? str(ld?.name);
    if (!itemId || !title) return undefined;
    return {
      marketplace: "megastore",
      productId: itemId,
      title,
      url: url.href,
      imageUrl: attrOf(doc, '[data-testid="hero-image"] img', "src") ?? imageOf(ld),
      price: offerPrice(ld) ?? parsePrice(textOf(doc, '[itemprop="price"]'), "USD"),
      brand: str(ld?.brand),
      model: str(ld?.model),
      gtin: gtinOf(ld),
      variant: textOf(doc, '[data-testid="variant-group-color"] [aria-checked="true"]'),
    };
  },
};
