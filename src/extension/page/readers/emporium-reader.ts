/**
 * Amazon product pages (`/dp/<ASIN>`, `/gp/product/<ASIN>`): the gateway's emporium (PA-API). Amazon
 * publishes no JSON-LD Product; the selectors are the page's long-stable ids: `#productTitle`,
 * `#landingImage` (its `data-old-hires` is the large picture), the hidden `input#ASIN`, the buy box's
 * `.a-price .a-offscreen`, `#bylineInfo`, and the details tables for model number and UPC/EAN.
 */

import { attrOf, brandFromByline, parsePrice, textOf, tidy } from "./page-parts.ts";
import type { PageReader } from "./page-product.ts";

const CURRENCY_BY_HOST: Array<[RegExp, string]> = [
  [/\.co\.jp$/, "JPY"],
  [/\.co\.uk$/, "GBP"],
  [/\.(de|fr|it|es|nl)$/, "EUR"],
  [/\.ca$/, "CAD"],
  [/\.com\.au$/, "AUD"],
];

/** A row of the product details ("Item model number", "UPC"), in either of Amazon's two layouts. */
function detail(doc: Document, label: RegExp): string | undefined {
  for (const row of Array.from(
    doc.querySelectorAll("#productDetails_techSpec_section_1 tr, #productDetails_detailBullets_sections1 tr"),
  )) {
    if (label.test(row.querySelector("th")?.textContent ?? ""))
      return tidy(row.querySelector("td")?.textContent);
  }
  for (const item of Array.from(doc.querySelectorAll("#detailBullets_feature_div li"))) {
    const [name, value] = Array.from(item.querySelectorAll("span.a-list-item > span"));
    if (label.test(name?.textContent ?? "")) return tidy(value?.textContent);
  }
  return undefined;
}

export const emporiumReader: PageReader = {
  marketplace: "emporium",
  recognises: (doc, url) =>
    /(^|\.)amazon\.[a-z.]+$/.test(url.hostname) ||
    (!!doc.querySelector("#productTitle") && !!doc.querySelector("input#ASIN")),
  read(doc, url) {
    const asin =
      attrOf(doc, "input#ASIN", "value") ?? /\/(?:dp|gp\/product)\/([A-Z0-9]{10})/.exec(url.pathname)?.[1];
    const title = textOf(doc, "#productTitle");
    if (!asin || !title) return undefined;
    const fallback = CURRENCY_BY_HOST.find(([re]) => re.test(url.hostname))?.[1] ?? "USD";
    const price = parsePrice(
      textOf(
        doc,
        "#corePrice_feature_div .a-price .a-offscreen",
        "#apex_desktop .a-price .a-offscreen",
        "#priceblock_ourprice",
      ),
      attrOf(doc, "input#currencyOfPreference", "value") ?? fallback,
    );
    const gtin = detail(doc, /^\s*(UPC|EAN|GTIN)/i)?.split(/\s+/)[0];
    return {
      marketplace: "emporium",
      productId: asin,
      title,
      url: url.href,
      imageUrl: attrOf(doc, "#landingImage", "data-old-hires", "src"),
      price,
      brand: brandFromByline(textOf(doc, "#bylineInfo")) ?? detail(doc, /^\s*Brand/i),
      model: detail(doc, /model number/i),
      gtin,
      variant: textOf(doc, "#variation_color_name .selection", "#variation_size_name .selection"),
    };
  },
};
