import type { Marketplace } from "../../src/contract/marketplace.ts";

/**
 * What an adapter needs to reach its marketplace: the base URL and that API's own credentials, named
 * as the vendor names them. server/config.ts fills these from the environment; when a marketplace has no
 * URL configured, the embedded sandbox supplies both (see resolveUpstreams).
 */

/** eBay Buy Browse + Commerce Taxonomy. Either an OAuth client (id + secret) or a ready token. */
export interface AuctionUpstream {
  url: string;
  clientId?: string;
  clientSecret?: string;
  /** An application access token; used as is when no client id/secret is configured. */
  oauthToken?: string;
  /** eBay marketplace for calls without a region, e.g. EBAY_US. */
  marketplaceId: string;
}

/** Amazon Product Advertising API 5.0, SigV4-signed. */
export interface EmporiumUpstream {
  url: string;
  accessKey: string;
  secretKey: string;
  partnerTag: string;
  /** SigV4 region of the locale's host, e.g. us-east-1 for webservices.amazon.com. */
  region: string;
  /** PA-API Marketplace value, e.g. www.amazon.com. */
  marketplace: string;
  /** The buyer country the configured locale sells to (region values other than this answer 501). */
  country: string;
}

/** Walmart affiliate product API v2, RSA-signed headers. */
export interface MegastoreUpstream {
  url: string;
  consumerId: string;
  /** PKCS#8 PEM of the private key whose public half is registered with Walmart. */
  privateKey: string;
  keyVersion: string;
  publisherId?: string;
}

/** Shopify Storefront API (GraphQL). The URL is the shop's origin, e.g. https://shop.myshopify.com. */
export interface StorefrontUpstream {
  url: string;
  accessToken: string;
  apiVersion: string;
}

/** AliExpress open platform, signed sync gateway. */
export interface CrossborderUpstream {
  url: string;
  appKey: string;
  appSecret: string;
  accessToken: string;
}

export interface MarketplaceUpstreams {
  auction: AuctionUpstream;
  emporium: EmporiumUpstream;
  megastore: MegastoreUpstream;
  storefront: StorefrontUpstream;
  crossborder: CrossborderUpstream;
}

/** Per marketplace: everything but the URL may be absent, and no URL means "use the sandbox". */
export type ConfiguredUpstreams = { [K in Marketplace]: Partial<MarketplaceUpstreams[K]> };

export type Credentials<K extends Marketplace> = Omit<MarketplaceUpstreams[K], "url">;

/** The marketplaces section of the server's Config (server/config.ts fills it from the environment). */
export interface MarketplacesConfig {
  upstreams: ConfiguredUpstreams;
  /** Per upstream request; a slower answer is abandoned (aborted) and reported as UPSTREAM_TIMEOUT. */
  timeoutMs: number;
  /** Key of the tamper-evident paging cursors; every process behind one load balancer needs the same. */
  cursorSecret: string | undefined;
  /** The embedded sandbox serving every marketplace without an upstream URL. */
  sandbox: {
    host: string;
    seed: number;
    latency: boolean;
    faults: { rate: number; kinds: string[]; slowMs: number };
  };
}
