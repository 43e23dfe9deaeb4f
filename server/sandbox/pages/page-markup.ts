/**
 * Each sandbox marketplace's product page, in the structure of the real marketplace's page (the same
 * ids, classes, JSON-LD and inline scripts the extension's page readers key on; see
 * test/fixtures/product-pages/SOURCES.md), with a plain look of its own. One function per marketplace.
 */
import type { Marketplace } from "../../../src/contract/marketplace.ts";
import type { CatalogProduct } from "../catalog/catalog.ts";

export interface PageFacts {
  product: CatalogProduct;
  title: string;
  price: string;
  currency: string;
  imageUrl: string;
  color: string | undefined;
  /** This page's path (its canonical URL on the sandbox origin). */
  path: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside <script>: "</" would end the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/<\//g, "<\\/");
}

function jsonLd(f: PageFacts, extra: Record<string, unknown> = {}): string {
  return `<script type="application/ld+json"${extra.seoId ? ` data-seo-id="${extra.seoId}"` : ""}>${scriptJson(
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: f.title,
      image: [f.imageUrl],
      brand: { "@type": "Brand", name: f.product.brand },
      sku: extra.sku,
      offers: [
        {
          "@type": "Offer",
          price: Number(f.price),
          priceCurrency: f.currency,
          availability: "https://schema.org/InStock",
        },
      ],
    },
  )}</script>`;
}

const emporium = (f: PageFacts, e: (s: string) => string) => `
<div id="dp"><div id="leftCol"><div id="imgTagWrapperId"><img id="landingImage" src="${e(f.imageUrl)}?w=425" data-old-hires="${e(f.imageUrl)}" alt=""></div></div>
<div id="centerCol"><h1 id="title"><span id="productTitle">${e(f.title)}</span></h1>
<a id="bylineInfo" href="#">Visit the ${e(f.product.brand)} Store</a>
<div id="corePrice_feature_div"><span class="a-price"><span class="a-offscreen">$${e(f.price)}</span></span></div>
${f.color ? `<div id="variation_color_name"><label>Color: </label><span class="selection">${e(f.color)}</span></div>` : ""}
</div></div>
<form id="addToCart"><input type="hidden" id="ASIN" name="ASIN" value="${e(f.product.id)}"><input type="hidden" id="currencyOfPreference" value="${e(f.currency)}"></form>`;

const auction = (f: PageFacts, e: (s: string) => string) => `${jsonLd(f)}
<div id="mainContent"><div class="ux-image-carousel-item active"><img src="${e(f.imageUrl)}?w=500" data-zoom-src="${e(f.imageUrl)}" alt=""></div>
<h1 class="x-item-title__mainTitle"><span class="ux-textspans">${e(f.title)}</span></h1>
<div class="x-price-primary"><span class="ux-textspans">US $${e(f.price)}</span></div>
<dl class="ux-labels-values ux-labels-values--brand"><dt class="ux-labels-values__labels">Brand</dt><dd class="ux-labels-values__values">${e(f.product.brand)}</dd></dl>
${f.color ? `<dl class="ux-labels-values ux-labels-values--color"><dt class="ux-labels-values__labels">Color</dt><dd class="ux-labels-values__values">${e(f.color)}</dd></dl>` : ""}
</div>`;

const megastore = (
  f: PageFacts,
  e: (s: string) => string,
) => `${jsonLd(f, { seoId: "schema-org-product", sku: f.product.id })}
<div id="__next"><div data-testid="hero-image"><img src="${e(f.imageUrl)}" alt=""></div>
<a link-identifier="brandName" href="#">${e(f.product.brand)}</a>
<h1 id="main-title" itemprop="name">${e(f.title)}</h1>
<span itemprop="price">Now $${e(f.price)}</span>
${f.color ? `<div data-testid="variant-group-color"><span aria-checked="true" role="radio">${e(f.color)}</span></div>` : ""}
</div>`;

const storefront = (f: PageFacts, e: (s: string) => string) => {
  const id = f.product.id.split("/").pop();
  const meta = {
    product: {
      id: Number(id),
      gid: f.product.id,
      vendor: f.product.brand,
      variants: [{ public_title: f.color ?? null }],
    },
    page: { pageType: "product" },
  };
  return `<meta property="og:image" content="${e(f.imageUrl)}"><meta property="og:price:amount" content="${e(f.price)}"><meta property="og:price:currency" content="${e(f.currency)}">
<meta name="shopify-digital-wallet" content="/sandbox/digital_wallets/dialog">
<script>window.ShopifyAnalytics = window.ShopifyAnalytics || {};
var meta = ${scriptJson(meta)};
</script>
${jsonLd(f)}
<main id="MainContent"><div class="product__media-wrapper"><img src="${e(f.imageUrl)}" alt=""></div>
<p class="product__text">${e(f.product.brand)}</p><div class="product__title"><h1>${e(f.title)}</h1></div>
<div class="price"><span class="price-item price-item--regular">¥${e(f.price)} ${e(f.currency)}</span></div></main>`;
};

const crossborder = (
  f: PageFacts,
  e: (s: string) => string,
) => `<meta property="og:image" content="${e(f.imageUrl)}">
<div id="root"><div class="magnifier--wrap--sbx"><img class="magnifier--image--sbx" src="${e(f.imageUrl)}" alt=""></div>
<h1 data-pl="product-title">${e(f.title)}</h1>
<div class="product-price"><div class="price--current--sbx product-price-current"><span>${e(f.currency)} ${e(f.price)}</span></div></div>
${f.color ? `<div class="sku-item--title--sbx">Color: <span>${e(f.color)}</span></div>` : ""}
<ul><li><div class="specification--prop--sbx"><div class="specification--title--sbx">Brand Name</div><div class="specification--desc--sbx">${e(f.product.brand)}</div></div></li></ul>
</div>`;

export const PAGE_BODIES: Record<Marketplace, (f: PageFacts, e: (s: string) => string) => string> = {
  emporium,
  auction,
  megastore,
  storefront,
  crossborder,
};
