/**
 * AliExpress item pages (`/item/<product id>.html`): the gateway's crossborder. The page is rendered
 * from `window.runParams` data; its markup uses hashed class names, so the reader keys on the stable
 * parts (`h1[data-pl="product-title"]`, `[class*="product-price-current"]`, the magnifier image,
 * `[class*="specification--prop"]` rows for "Brand Name" and "Model Number") and on Open Graph tags.
 */

import { attrOf, meta, parsePrice, textOf, tidy } from "./page-parts.ts";
import type { PageReader } from "./page-product.ts";

function specification(doc: Document, name: RegExp): string | undefined {
  for (const row of Array.from(doc.querySelectorAll('[class*="specification--prop"]'))) {
    const title = row.querySelector('[class*="specification--title"]')?.textContent ?? "";
    if (name.test(title)) return tidy(row.querySelector('[class*="specification--desc"]')?.textContent);
  }
  return undefined;
}

export const crossborderReader: PageReader = {
  marketplace: "crossborder",
  recognises: (doc, url) =>
    /(^|\.)aliexpress\.(com|us|ru)$/.test(url.hostname) || !!doc.querySelector('h1[data-pl="product-title"]'),
  read(doc, url) {
    const id =
      /\/item\/(\d{6,})\.html/.exec(url.pathname)?.[1] ??
      /\/item\/(\d{6,})\.html/.exec(meta(doc, "og:url") ?? "")?.[1];
    const title = textOf(doc, 'h1[data-pl="product-title"]') ?? meta(doc, "og:title");
    if (!id || !title) return undefined;
    const image = attrOf(doc, '[class*="magnifier--image"]', "src") ?? meta(doc, "og:image");
    return {
      marketplace: "crossborder",
      productId: id,
      title,
      url: url.href,
      imageUrl: image ? new URL(image, url).href : undefined,
      price: parsePrice(textOf(doc, '[class*="product-price-current"]'), "USD"),
      brand: specification(doc, /^brand/i),
      model: specification(doc, /^model/i),
      variant: textOf(doc, '[class*="sku-item--title"] span'),
    };
  },
};
