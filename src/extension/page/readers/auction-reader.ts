/**
 * eBay item pages (`/itm/<legacy id>`): the gateway's auction (Browse API, ids `v1|<legacy>|0`). The
 * page's item specifics (`.ux-labels-values--brand`, `--mpn`, `--model`, `--upc`, `--ean`) and its title
 * (`h1.x-item-title__mainTitle`), price (`.x-price-primary`) and picture carousel; eBay's JSON-LD Product
 * (price, currency, gtin13, brand, mpn) is read first where present.
 */

import { attrOf, gtinOf, imageOf, jsonLdProduct, offerPrice, parsePrice, str, textOf } from "./page-parts.ts";
import type { PageReader } from "./page-product.ts";

function specific(doc: Document, name: string): string | undefined {
  const value = textOf(doc, `.ux-labels-values--${name} .ux-labels-values__values`);
  return value && !/^(does not apply|unbranded|n\/a)$/i.test(value) ? value : undefined;
}

export const auctionReader: PageReader = {
  marketplace: "auction",
  recognises: (doc, url) =>
    /(^|\.)ebay\.[a-z.]+$/.test(url.hostname) || !!doc.querySelector("h1.x-item-title__mainTitle"),
  read(doc, url) {
    const legacy =
      /\/itm\/(?:[^/]+\/)?(\d{9,})/.exec(url.pathname)?.[1] ??
      /\/itm\/(?:[^/]+\/)?(\d{9,})/.exec(attrOf(doc, 'link[rel="canonical"]', "href") ?? "")?.[1];
    const ld = jsonLdProduct(doc);
    const title = textOf(doc, "h1.x-item-title__mainTitle") ?? str(ld?.name);
    if (!legacy || !title) return undefined;
    const gtin = gtinOf(ld) ?? specific(doc, "upc") ?? specific(doc, "ean");
    return {
      marketplace: "auction",
      productId: `v1|${legacy}|0`,
      title,
      url: url.href,
      imageUrl: attrOf(doc, ".ux-image-carousel-item.active img", "data-zoom-src", "src") ?? imageOf(ld),
      price: offerPrice(ld) ?? parsePrice(textOf(doc, ".x-price-primary"), "USD"),
      brand: specific(doc, "brand") ?? str(ld?.brand),
      model: specific(doc, "mpn") ?? specific(doc, "model") ?? str(ld?.mpn),
      gtin: gtin?.replace(/\D/g, "") || undefined,
      variant: specific(doc, "color"),
    };
  },
};
