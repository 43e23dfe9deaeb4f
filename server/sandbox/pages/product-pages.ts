/**
 * Simple product pages for each sandbox marketplace on its loopback origin, so the side panel can be
 * tried offline: `/pages` lists the first cross-listed products, and each product has a page at the
 * real marketplace's path (`/dp/<ASIN>`, `/itm/<legacy id>`, `/ip/<slug>/<id>`, `/products/item-<n>`,
 * `/item/<id>.html`) in that marketplace's page structure. Pages are the website, not the API: they
 * draw no faults and no latency.
 */
import type { Marketplace } from "../../../src/contract/marketplace.ts";
import type { CatalogProduct } from "../catalog/catalog.ts";
import { crossListingPlan } from "../catalog/cross-listing.ts";
import type { DialectContext } from "../dialects/context.ts";
import type { Dialect } from "../http.ts";
import { escapeHtml, PAGE_BODIES, type PageFacts } from "./page-markup.ts";

const PAGE_PATH =
  /^\/(dp\/[A-Z0-9]{10}|itm\/\d+|ip\/[^/]+\/\d+|products\/item-\d+|item\/\d+\.html|pages)\/?(\?.*)?$/;

export function isProductPagePath(path: string | undefined): boolean {
  return PAGE_PATH.test(path ?? "");
}

/** The path of a product's page on its sandbox marketplace. */
export function productPagePath(product: CatalogProduct): string {
  switch (product.marketplace) {
    case "emporium":
      return `/dp/${product.id}`;
    case "auction":
      return `/itm/${product.id.split("|")[1]}`;
    case "megastore":
      return `/ip/${slug(product.title)}/${product.id}`;
    case "storefront":
      return `/products/item-${product.index}`;
    case "crossborder":
      return `/item/${product.id}.html`;
  }
}

function slug(title: string): string {
  return (
    title
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "item"
  );
}

function find(ctx: DialectContext, path: string): CatalogProduct | undefined {
  const { catalog } = ctx;
  const byIndex = /^\/products\/item-(\d+)/.exec(path);
  if (byIndex) return catalog.products[Number(byIndex[1])];
  const id =
    /^\/dp\/([A-Z0-9]{10})/.exec(path)?.[1] ??
    /^\/ip\/[^/]+\/(\d+)/.exec(path)?.[1] ??
    /^\/item\/(\d+)\.html/.exec(path)?.[1];
  if (id) return catalog.byId.get(id);
  const legacy = /^\/itm\/(\d+)/.exec(path)?.[1];
  return legacy ? catalog.byId.get(`v1|${legacy}|0`) : undefined;
}

function facts(ctx: DialectContext, product: CatalogProduct): PageFacts {
  const digits = ctx.catalog.profile.minorPerUsd === 150 ? 0 : 2; // yen has no minor unit
  const price =
    digits === 0 ? String(Math.round(product.priceMinor / 100)) : (product.priceMinor / 100).toFixed(2);
  const color = product.variants[0]?.color?.[ctx.catalog.lang];
  return {
    product,
    title: product.title,
    price,
    currency: product.currency,
    imageUrl: ctx.imageUrl(product, 0),
    color,
    path: productPagePath(product),
  };
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d22}header{background:#23262f;color:#fff;padding:10px 24px}
main,#dp,#mainContent,#__next,#root{display:block;max-width:980px;margin:24px auto;padding:0 24px}img{max-width:360px;border-radius:8px}
h1{font-size:22px}.x-price-primary,#corePrice_feature_div,[itemprop=price],.price,.product-price{font-size:22px;font-weight:700}`;

function page(ctx: DialectContext, title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="${ctx.catalog.lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header>Marketlens sandbox · ${ctx.marketplace}</header>${body}</body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

function listing(ctx: DialectContext): Response {
  const plan = crossListingPlan(ctx.seed);
  const shown = ctx.catalog.products.filter((p) => plan.slot(ctx.marketplace, p.index)).slice(0, 40);
  const items = shown
    .map((p) => `<li><a href="${escapeHtml(productPagePath(p))}">${escapeHtml(p.title)}</a></li>`)
    .join("");
  return page(
    ctx,
    `${ctx.marketplace} products`,
    `<main><h1>Cross-listed products</h1><ul>${items}</ul></main>`,
  );
}

export function serveProductPage(ctx: DialectContext, path: string): Response {
  if (/^\/pages\/?(\?|$)/.test(path)) return listing(ctx);
  const product = find(ctx, path);
  if (!product) return page(ctx, "Not found", "<main><h1>No such product</h1></main>", 404);
  const f = facts(ctx, product);
  return page(ctx, product.title, PAGE_BODIES[ctx.marketplace as Marketplace](f, escapeHtml));
}

/** The dialect, with the marketplace's product pages in front of its API. */
export function withProductPages(dialect: Dialect, ctx: DialectContext): Dialect {
  return {
    ...dialect,
    isPage: (path) => isProductPagePath(path),
    async handle(request) {
      const url = new URL(request.url);
      const path = url.pathname + url.search;
      if (request.method === "GET" && isProductPagePath(path)) return serveProductPage(ctx, url.pathname);
      return dialect.handle(request);
    },
  };
}
