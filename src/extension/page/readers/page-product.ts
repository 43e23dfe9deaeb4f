/**
 * What a page reader finds on a marketplace's product page: the source listing `POST /app/compare` needs
 * (marketplace and productId), and what the panel shows before the server answers.
 */
import type { Marketplace } from "../../../contract/marketplace.ts";

export interface PageMoney {
  amount: number;
  currency: string;
}

export interface PageProduct {
  marketplace: Marketplace;
  /** In the gateway's own format for that marketplace (an ASIN, `v1|<id>|0`, a Shopify gid, …). */
  productId: string;
  title: string;
  url: string;
  imageUrl?: string;
  price?: PageMoney;
  brand?: string;
  model?: string;
  gtin?: string;
  /** The selected variant as the page names it (colour, size). */
  variant?: string;
}

export interface PageReader {
  marketplace: Marketplace;
  /** Whether this page is one of this marketplace's product pages (by host, else by its markup). */
  recognises(doc: Document, url: URL): boolean;
  /** The product, or undefined when the page lacks what the comparison needs (an id and a title). */
  read(doc: Document, url: URL): PageProduct | undefined;
}
