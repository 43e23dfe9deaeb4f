/**
 * The page readers, one per marketplace (one file each, each kept with a saved fixture page in
 * test/fixtures/product-pages/). `readProductPage` tries the reader whose marketplace the page is.
 */
import { auctionReader } from "./auction-reader.ts";
import { crossborderReader } from "./crossborder-reader.ts";
import { emporiumReader } from "./emporium-reader.ts";
import { megastoreReader } from "./megastore-reader.ts";
import type { PageProduct, PageReader } from "./page-product.ts";
import { storefrontReader } from "./storefront-reader.ts";

export type { PageProduct, PageReader } from "./page-product.ts";

export const PAGE_READERS: readonly PageReader[] = [
  emporiumReader,
  auctionReader,
  megastoreReader,
  crossborderReader,
  storefrontReader,
];

export type PageReading =
  | { ok: true; product: PageProduct }
  | { ok: false; reason: "not-a-marketplace" | "not-a-product-page"; marketplace?: string };

export function readProductPage(doc: Document, url: URL): PageReading {
  const reader = PAGE_READERS.find((r) => r.recognises(doc, url));
  if (!reader) return { ok: false, reason: "not-a-marketplace" };
  const product = reader.read(doc, url);
  return product
    ? { ok: true, product }
    : { ok: false, reason: "not-a-product-page", marketplace: reader.marketplace };
}
