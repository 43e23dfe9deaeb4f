import { createPublicKey, verify } from "node:crypto";
import { type Context, Hono } from "hono";
import type { Credentials } from "../../marketplaces/upstream-config.ts";
import type { CatalogProduct, CatalogQuery, Variant } from "../catalog/catalog.ts";
import { ancestry, type CategoryNode } from "../catalog/taxonomy.ts";
import type { Dialect } from "../http.ts";
import type { DialectContext } from "./context.ts";

/**
 * The megastore as Walmart's affiliate product API (v2) speaks, under
 * /api-proxy/service/affil/product/v2: RSA-signed WM_* headers, search (25 items a request at most),
 * items, taxonomy, paginated items with a `nextPage` continuation, reviews. Numbers for item ids and
 * prices, a string customerRating, "/"-joined categoryPath and "_"-joined categoryNode, HTML-escaped
 * descriptions. Errors are `{errors:[{code, message}]}`.
 */

export const WALMART_BASE = "/api-proxy/service/affil/product/v2";

const RATING_BANDS = [4, 3, 2, 1];

function walmartError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ errors: [{ code, message }] }, { status, headers });
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function createWalmartDialect(
  ctx: DialectContext,
  creds: Credentials<"megastore">,
  publicKeyPem: string,
): Dialect {
  const app = new Hono().basePath(WALMART_BASE);
  const root = new Hono();
  const publicKey = createPublicKey(publicKeyPem);
  root.get("/img/:index/:file", (c) => ctx.serveImage(c));

  app.use("*", async (c, next) => {
    const id = c.req.header("WM_CONSUMER.ID");
    const ts = c.req.header("WM_CONSUMER.INTIMESTAMP") ?? "";
    const version = c.req.header("WM_SEC.KEY_VERSION");
    const signature = c.req.header("WM_SEC.AUTH_SIGNATURE") ?? "";
    if (!id || !ts || !version || !signature)
      return walmartError(401, 401, "Missing required WM_* authentication headers");
    if (id !== creds.consumerId) return walmartError(401, 401, "Invalid consumer id");
    if (version !== creds.keyVersion)
      return walmartError(401, 401, "Public key not found for this key version");
    // Walmart refuses a signature more than three minutes old.
    if (!/^\d+$/.test(ts) || Math.abs(Number(ts) - ctx.now().getTime()) > 180_000)
      return walmartError(401, 401, "Signature timestamp expired");
    const ok = verify(
      "RSA-SHA256",
      Buffer.from(`${id}\n${ts}\n${version}\n`),
      publicKey,
      Buffer.from(signature, "base64"),
    );
    if (!ok) return walmartError(401, 401, "Invalid signature");
    await ctx.delay(250);
    await next();
  });

  const money = (minor: number) => Math.round(minor) / 100;

  function item(product: CatalogProduct, variant?: Variant): Record<string, unknown> {
    const v = variant ?? product.variants[0];
    const priceMinor = v?.priceMinor ?? product.priceMinor;
    const listMinor = v ? v.listMinor : product.listMinor;
    const stock = v?.stock ?? product.stock;
    const itemId = Number(variant && variant !== product.variants[0] ? variant.id : product.id);
    const chain = ancestry(product.leaf);
    const thirdParty = product.index % 4 === 0;
    const out: Record<string, unknown> = {
      itemId,
      parentItemId: Number(product.id),
      name: [product.title, v?.color?.en, v?.size].filter(Boolean).join(", "),
      msrp: money(listMinor ?? priceMinor),
      salePrice: money(priceMinor),
      upc: String(190_000_000_000 + product.index),
      categoryPath: chain.map((n) => n.words.en).join("/"),
      categoryNode: product.leaf.id,
      shortDescription: product.description,
      longDescription: escapeHtml(
        `<ul>${product.features.map((f) => `<li>${f.en}</li>`).join("")}</ul><p>${product.description}</p>`,
      ),
      brandName: product.brand,
      thumbnailImage: `${ctx.imageUrl(product, 0)}?odnHeight=100&odnWidth=100`,
      mediumImage: `${ctx.imageUrl(product, 0)}?odnHeight=180&odnWidth=180`,
      largeImage: ctx.imageUrl(product, 0),
      productTrackingUrl: `https://linksynergy.walmart.com/fs-bin/click?id={Your LinkShare Publisher Id}&offerid=223073.7200&type=14&subid=0&RD_PARM1=https%253A%252F%252Fwww.walmart.com%252Fip%252F${itemId}`,
      productUrl: `https://www.walmart.com/ip/${itemId}`,
      standardShipRate: product.freeShipping ? 0 : money(product.shippingMinor),
      marketplace: thirdParty,
      ...(thirdParty ? { sellerInfo: product.seller.name } : {}),
      stock: stock > 0 ? "Available" : "Not available",
      availableOnline: stock > 0,
      offerType: "ONLINE_AND_STORE",
      imageEntities: Array.from({ length: product.imageCount }, (_, n) => ({
        thumbnailImage: `${ctx.imageUrl(product, n)}?odnHeight=100&odnWidth=100`,
        largeImage: ctx.imageUrl(product, n),
        entityType: n === 0 ? "PRIMARY" : "SECONDARY",
      })),
    };
    if (product.ratingCount > 0) {
      out.customerRating = product.rating.toFixed(1);
      out.numReviews = product.ratingCount;
      out.customerRatingImage = `https://i2.walmartimages.com/i/CustRating/${product.rating.toFixed(1)}.gif`;
    }
    if (v) {
      out.attributes = { ...(v.color ? { color: v.color.en } : {}), ...(v.size ? { size: v.size } : {}) };
      out.variants = product.variants.map((x, i) => Number(i === 0 ? product.id : x.id));
    }
    return out;
  }

  function findItem(id: string): { product: CatalogProduct; variant?: Variant } | undefined {
    const product = ctx.catalog.byId.get(id);
    if (product) return { product };
    const hit = ctx.catalog.byVariantId.get(id);
    return hit && hit.variant !== hit.product.variants[0] ? hit : undefined;
  }

  app.get("/search", (c) => {
    const url = new URL(c.req.url);
    const query = url.searchParams.get("query");
    if (!query) return walmartError(400, 4000, "query is a required parameter");
    const numItems = Number(url.searchParams.get("numItems") ?? "10");
    const start = Number(url.searchParams.get("start") ?? "1");
    if (!Number.isInteger(numItems) || numItems < 1 || numItems > 25)
      return walmartError(400, 4001, "numItems must be between 1 and 25");
    if (!Number.isInteger(start) || start < 1 || start > 1000)
      return walmartError(400, 4001, "start must be between 1 and 1000");
    const q: CatalogQuery = { text: query };
    const categoryId = url.searchParams.get("categoryId");
    if (categoryId) {
      if (!ctx.taxonomy.nodes.has(categoryId)) return walmartError(400, 4003, "Invalid categoryId");
      q.nodeId = categoryId;
    }
    const brands: string[] = [];
    for (const filter of url.searchParams.getAll("facet.filter")) {
      const at = filter.indexOf(":");
      const name = filter.slice(0, at);
      const value = filter.slice(at + 1);
      if (name === "brand") brands.push(value);
      else if (name === "customerRating") {
        const band = Number.parseInt(value, 10);
        if (RATING_BANDS.includes(band)) q.minRating = band;
      } else if (name === "cat_id") q.nodeId = value;
    }
    if (brands.length > 0) q.brands = brands;
    const range = /^price:\[(\d+(?:\.\d+)?) TO (\d+(?:\.\d+)?|\*)\]$/.exec(
      url.searchParams.get("facet.range") ?? "",
    );
    if (range) {
      q.priceMinMinor = Math.round(Number(range[1]) * 100);
      if (range[2] !== "*") q.priceMaxMinor = Math.round(Number(range[2]) * 100);
    }
    const sort = url.searchParams.get("sort");
    const order = url.searchParams.get("order");
    q.sort =
      sort === "price"
        ? order === "desc"
          ? "price_desc"
          : "price_asc"
        : sort === "new"
          ? "newest"
          : sort === "bestseller"
            ? "bestseller"
            : sort === "customerRating"
              ? "rating"
              : "relevance";
    const matches = ctx.catalog.search(q);
    const page = matches.slice(start - 1, start - 1 + numItems);
    const body: Record<string, unknown> = {
      query,
      sort: sort ?? "relevance",
      responseGroup: url.searchParams.get("responseGroup") ?? "base",
      totalResults: matches.length,
      start,
      numItems: page.length,
      items: page.map((p) => item(p)),
      facets: url.searchParams.get("facet") === "on" ? facets(matches) : [],
    };
    return c.json(body);
  });

  function facets(matches: CatalogProduct[]) {
    const counts = <K>(key: (p: CatalogProduct) => K[]) => {
      const map = new Map<K, number>();
      for (const m of matches) for (const k of key(m)) map.set(k, (map.get(k) ?? 0) + 1);
      return [...map.entries()].sort((a, b) => b[1] - a[1]);
    };
    return [
      {
        name: "brand",
        displayName: "Brand",
        facetValues: counts((p) => [p.brand])
          .slice(0, 15)
          .map(([name, count]) => ({ name, count })),
      },
      {
        name: "customerRating",
        displayName: "Customer Rating",
        facetValues: RATING_BANDS.map((band) => ({
          name: `${band} - 5 Stars`,
          count: matches.filter((m) => m.ratingCount > 0 && m.rating >= band).length,
        })),
      },
      // The filter rail's category ids (cat_id) are the chains browse and categories accept.
      {
        name: "cat_id",
        displayName: "Category",
        facetValues: counts((p) => [p.path[1]!])
          .slice(0, 15)
          .map(([name, count]) => ({ name, count })),
      },
    ];
  }

  app.get("/items/:id", (c) => {
    const hit = findItem(c.req.param("id"));
    if (!hit) return walmartError(400, 4002, "Invalid itemId");
    return c.json(item(hit.product, hit.variant));
  });

  app.get("/items", (c) => {
    const ids = (c.req.query("ids") ?? "").split(",").filter(Boolean);
    if (ids.length === 0 || ids.length > 20) return walmartError(400, 4001, "ids must list 1 to 20 item ids");
    const items = ids.flatMap((id) => {
      const hit = findItem(id);
      return hit ? [item(hit.product, hit.variant)] : [];
    });
    if (items.length === 0) return walmartError(400, 4002, "Invalid itemId");
    return c.json({ items });
  });

  function taxonomyNode(node: CategoryNode): Record<string, unknown> {
    return {
      id: node.id,
      name: node.words.en,
      path: ancestry(node)
        .map((n) => n.words.en)
        .join("/"),
      ...(node.children.length > 0 ? { children: node.children.map(taxonomyNode) } : {}),
    };
  }

  app.get("/taxonomy", (c) => c.json({ categories: ctx.taxonomy.roots.map(taxonomyNode) }));

  app.get("/paginated/items", (c) => {
    const category = c.req.query("category") ?? "";
    const node = ctx.taxonomy.nodes.get(category);
    if (!node) return walmartError(400, 4003, "Invalid category id");
    if (node.hub)
      return walmartError(
        400,
        4008,
        `Category ${category} has no items of its own; use one of its subcategories`,
      );
    const count = Math.min(Math.max(Number(c.req.query("count") ?? "25") || 25, 1), 100);
    const maxId = c.req.query("maxId");
    const brand = c.req.query("brand");
    const available = c.req.query("available") === "true";
    const all = ctx.catalog
      .search({
        nodeId: category,
        ...(brand ? { brands: [brand] } : {}),
        ...(available ? { inStock: true } : {}),
      })
      .slice()
      .sort((a, b) => Number(a.id) - Number(b.id));
    const after = maxId ? all.filter((p) => Number(p.id) > Number(maxId)) : all;
    const page = after.slice(0, count);
    const body: Record<string, unknown> = { category, format: "json", items: page.map((p) => item(p)) };
    if (after.length > count) {
      const next = new URLSearchParams({ category, count: String(count), maxId: page.at(-1)!.id });
      if (brand) next.set("brand", brand);
      if (available) next.set("available", "true");
      body.nextPage = `${WALMART_BASE}/paginated/items?${next.toString()}`;
    }
    return c.json(body);
  });

  app.get("/reviews/:id", (c: Context) => {
    const hit = findItem(c.req.param("id") ?? "");
    if (!hit) return walmartError(400, 4002, "Invalid itemId");
    const product = hit.product;
    const all = ctx.catalog.reviews(product);
    const page = Math.max(1, Number(c.req.query("page") ?? "1") || 1);
    const slice = all.slice((page - 1) * 10, page * 10);
    const body: Record<string, unknown> = {
      itemId: Number(product.id),
      name: product.title,
      salePrice: money(product.priceMinor),
      reviews: slice.map((r) => ({
        name: product.title,
        overallRating: { label: "Overall", rating: String(r.rating) },
        productAttributes: [],
        reviewer: r.author,
        reviewText: escapeHtml(r.body),
        submissionTime: r.date.slice(0, 10),
        title: r.title,
        upVotes: r.helpful,
        downVotes: 0,
      })),
      reviewStatistics: {
        averageOverallRating: product.ratingCount > 0 ? product.rating.toFixed(1) : "0",
        overallRatingRange: "5",
        ratingDistributions: [5, 4, 3, 2, 1].map((v) => ({
          ratingValue: String(v),
          count: all.filter((r) => r.rating === v).length,
        })),
        totalReviewCount: String(product.ratingCount),
      },
    };
    if (page * 10 < all.length) body.nextPage = `${WALMART_BASE}/reviews/${product.id}?page=${page + 1}`;
    return c.json(body);
  });

  root.route("/", app);
  return {
    marketplace: "megastore",
    basePath: WALMART_BASE,
    handle: async (request) => root.fetch(request),
    fault(kind, status) {
      if (kind === "throttle")
        return walmartError(429, 429, "Rate limit exceeded. Please try again later.", { "retry-after": "1" });
      if (kind === "token-expired") return walmartError(401, 401, "Signature timestamp expired");
      if (status === 504) return walmartError(504, 504, "Gateway Timeout");
      return walmartError(status, 5000, "Internal Server Error");
    },
  };
}
