import { createCanvas, loadImage } from "@napi-rs/canvas";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CursorCodec } from "../../../server/marketplaces/shared/cursor.ts";
import { fetchTransport } from "../../../server/marketplaces/shared/upstream.ts";
import { createStorefrontModule } from "../../../server/marketplaces/storefront/index.ts";
import { catalogOf } from "../../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../../server/sandbox/images/render.ts";
import {
  type CategoryList,
  CategoryListSchema,
  type Product,
  ProductSchema,
  type ReviewList,
  ReviewListSchema,
  type SearchResult,
  SearchResultSchema,
} from "../../../src/contract/marketplace.ts";
import { call, failure, type Live, liveModules } from "../support.ts";

/** The megastore, storefront and crossborder adapters end to end against their sandbox dialects. */
let live: Live;
beforeAll(async () => {
  live = await liveModules({ warm: true });
});
afterAll(() => live.close());

/** A catalog image as a shopper would upload it: resized and re-encoded. */
async function copyOf(
  marketplace: "storefront" | "crossborder",
  index: number,
  side: number,
  type: "image/jpeg" | "image/webp" | "image/png",
) {
  const catalog = catalogOf(marketplace);
  const product = catalog.products[index]!;
  const original = await loadImage(drawProductImage(product, 0, catalog.lang).toBuffer("image/jpeg", 90));
  const canvas = createCanvas(side, side);
  canvas.getContext("2d").drawImage(original, 0, 0, side, side);
  const bytes =
    type === "image/png"
      ? canvas.toBuffer("image/png")
      : type === "image/webp"
        ? canvas.toBuffer("image/webp", 70)
        : canvas.toBuffer("image/jpeg", 60);
  return { product, image: { contentType: type, data: bytes.toString("base64") } };
}

describe("megastore through Walmart's affiliate API", () => {
  it("a search page holds 50 items (two requests of 25) with the filter rail and its cat_id", async () => {
    const result = SearchResultSchema.parse(
      await call<SearchResult>(live.modules.megastore, "search", { query: "a" }, "query"),
    );
    expect(result.items).toHaveLength(50);
    expect(new Set(result.items.map((i) => i.productId)).size).toBe(50);
    const catId = result.facets.find((f) => f.id === "cat_id")!;
    const browse = await call<SearchResult>(live.modules.megastore, "browse", {
      categoryId: catId.values[0]!.value,
    });
    expect(browse.items.length).toBeGreaterThan(0);
  });

  it("ratingMin snaps to a band upstream: 3.5 keeps 4 stars and up, 4.5 filters nothing", async () => {
    const banded = await call<SearchResult>(live.modules.megastore, "search", { query: "a", ratingMin: 3.5 });
    expect(banded.items.every((i) => i.rating!.average >= 4)).toBe(true);
    const unfiltered = await call<SearchResult>(live.modules.megastore, "search", {
      query: "a",
      ratingMin: 4.5,
    });
    const plain = await call<SearchResult>(live.modules.megastore, "search", { query: "a" });
    expect(unfiltered.paging.totalResults).toBe(plain.paging.totalResults);
  });

  it("categories: 42 departments without browsable; children are underscore chains", async () => {
    const root = CategoryListSchema.parse(await call<CategoryList>(live.modules.megastore, "categories", {}));
    expect(root.categories).toHaveLength(42);
    expect(root.categories.every((c) => c.browsable === undefined && /^\d+$/.test(c.id))).toBe(true);
    const children = await call<CategoryList>(live.modules.megastore, "categories", {
      categoryId: root.categories[1]!.id,
    });
    expect(children.categories.every((c) => c.id.startsWith(`${root.categories[1]!.id}_`))).toBe(true);
  });

  it("browse: a department hub answers CATEGORY_NOT_BROWSABLE; a chain pages by tamper-evident cursor", async () => {
    const hub = catalogOf("megastore").taxonomy.roots.find((r) => r.hub)!;
    const refused = await failure(
      live.modules.megastore.prepare("browse", { form: "query", params: { categoryId: hub.id } }),
    );
    expect(refused).toMatchObject({ code: "CATEGORY_NOT_BROWSABLE", upstreamCode: "4008" });
    const plainDepartment = catalogOf("megastore").taxonomy.roots.find((r) => !r.hub)!;
    expect(
      (await call<SearchResult>(live.modules.megastore, "browse", { categoryId: plainDepartment.id })).items
        .length,
    ).toBeGreaterThan(0);
    const chain = hub.children[0]!.id;
    const first = await call<SearchResult>(live.modules.megastore, "browse", { categoryId: chain });
    expect(first.paging.nextCursor).toBeDefined();
    const second = await call<SearchResult>(
      live.modules.megastore,
      "browse",
      { categoryId: chain, cursor: first.paging.nextCursor },
      "query",
    );
    const firstIds = new Set(first.items.map((i) => i.productId));
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((i) => firstIds.has(i.productId))).toBe(false);
    expect(() =>
      live.modules.megastore.prepare("browse", {
        form: "json",
        params: { categoryId: hub.children[1]!.id, cursor: first.paging.nextCursor },
      }),
    ).toThrowError(expect.objectContaining({ code: "INVALID_CURSOR" }));
  });

  it("product with its variants; reviews with the statistics; unknown items are PRODUCT_NOT_FOUND", async () => {
    const product = catalogOf("megastore").products.find((p) => p.variants.length > 1 && p.ratingCount > 0)!;
    const normalized = ProductSchema.parse(
      await call<Product>(live.modules.megastore, "product", { productId: product.id }),
    );
    expect(normalized.variants).toHaveLength(product.variants.length);
    expect(normalized.variants[0]!.productId).toBe(product.id);
    const reviews = ReviewListSchema.parse(
      await call<ReviewList>(live.modules.megastore, "reviews", { productId: product.id }),
    );
    expect(reviews.rating).toEqual({ average: product.rating, count: product.ratingCount });
    expect(reviews.reviews.length).toBe(Math.min(10, product.ratingCount));
    const missing = await failure(
      live.modules.megastore.prepare("product", { form: "json", params: { productId: "42" } }),
    );
    expect(missing).toMatchObject({ code: "PRODUCT_NOT_FOUND", upstreamCode: "4002" });
    const unrated = catalogOf("megastore").products.find((p) => p.ratingCount === 0)!;
    expect(
      (
        await failure(
          live.modules.megastore.prepare("reviews", { form: "json", params: { productId: unrated.id } }),
        )
      ).code,
    ).toBe("REVIEWS_NOT_FOUND");
  });
});

describe("storefront through the Shopify Storefront API", () => {
  it("pages by cursor; a cursor replayed with other parameters is INVALID_CURSOR", async () => {
    const first = SearchResultSchema.parse(
      await call<SearchResult>(live.modules.storefront, "search", { query: "ワイヤレス" }),
    );
    expect(first.items).toHaveLength(24);
    const cursor = first.paging.nextCursor!;
    const second = await call<SearchResult>(
      live.modules.storefront,
      "search",
      { query: "ワイヤレス", cursor },
      "query",
    );
    expect(second.items[0]!.productId).not.toBe(first.items[0]!.productId);
    expect(() =>
      live.modules.storefront.prepare("search", { form: "json", params: { query: "スマート", cursor } }),
    ).toThrowError(expect.objectContaining({ code: "INVALID_CURSOR" }));
    expect(() =>
      live.modules.storefront.prepare("browse", {
        form: "json",
        params: { categoryId: "411000000", cursor },
      }),
    ).toThrowError(expect.objectContaining({ code: "INVALID_CURSOR" }));
  });

  it("facets feed back as filters; region sets the presentment currency; ratingMin narrows the page", async () => {
    const first = await call<SearchResult>(live.modules.storefront, "search", {
      query: "ワイヤレス",
      region: "US",
    });
    expect(first.items.every((i) => i.price.currency === "USD")).toBe(true);
    const vendor = first.facets.find((f) => f.id === "filter.p.vendor")!.values[0]!;
    const narrowed = await call<SearchResult>(
      live.modules.storefront,
      "search",
      { query: "ワイヤレス", facets: [{ id: "filter.p.vendor", value: vendor.value }] },
      "query",
    );
    expect(narrowed.items.every((i) => i.brand === vendor.label)).toBe(true);
    const rated = await call<SearchResult>(live.modules.storefront, "search", {
      query: "ワイヤレス",
      ratingMin: 4,
    });
    expect(rated.items.every((i) => i.rating!.average >= 4)).toBe(true);
    const used = await call<SearchResult>(live.modules.storefront, "search", {
      query: "ワイヤレス",
      condition: "used",
    });
    expect(used.items.every((i) => i.condition === "used")).toBe(true);
  });

  it("collections are flat: all browsable, no children; browse lists one", async () => {
    const root = CategoryListSchema.parse(
      await call<CategoryList>(live.modules.storefront, "categories", {}),
    );
    expect(root.categories.length).toBe(24);
    const one = await call<CategoryList>(live.modules.storefront, "categories", {
      categoryId: root.categories[0]!.id,
    });
    expect(one).toEqual({
      marketplace: "storefront",
      path: [{ id: root.categories[0]!.id, name: root.categories[0]!.name }],
      categories: [],
    });
    const listing = await call<SearchResult>(live.modules.storefront, "browse", {
      categoryId: root.categories[0]!.id,
      sort: "price_asc",
    });
    const prices = listing.items.map((i) => i.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("image search: a resized, re-encoded copy of a catalog image finds its product first", async () => {
    for (const [index, side, type] of [
      [5, 400, "image/jpeg"],
      [777, 256, "image/webp"],
      [2001, 600, "image/png"],
    ] as const) {
      const { product, image } = await copyOf("storefront", index, side, type);
      const result = SearchResultSchema.parse(
        await call<SearchResult>(live.modules.storefront, "image-search", { image }),
      );
      expect(result.items[0]!.productId).toBe(product.id);
    }
  });

  it("reviews: the supported app's texts; another app is REVIEW_APP_UNSUPPORTED; counts without texts are REVIEWS_UNREACHABLE", async () => {
    const products = catalogOf("storefront").products;
    const supported = products.find((p) => p.reviewApp === "marketlens" && p.ratingCount > 0)!;
    const list = ReviewListSchema.parse(
      await call<ReviewList>(live.modules.storefront, "reviews", { productId: supported.id }),
    );
    expect(list.reviews.length).toBe(Math.min(60, supported.ratingCount));
    expect(list.rating?.count).toBe(supported.ratingCount);
    const other = products.find((p) => p.reviewApp === "yotpo" && p.ratingCount > 0)!;
    expect(
      (
        await failure(
          live.modules.storefront.prepare("reviews", { form: "json", params: { productId: other.id } }),
        )
      ).code,
    ).toBe("REVIEW_APP_UNSUPPORTED");
    const unpublished = products.find((p) => p.reviewApp === "none" && p.ratingCount > 0)!;
    expect(
      (
        await failure(
          live.modules.storefront.prepare("reviews", { form: "json", params: { productId: unpublished.id } }),
        )
      ).code,
    ).toBe("REVIEWS_UNREACHABLE");
    const none = products.find((p) => p.ratingCount === 0)!;
    expect(
      (
        await failure(
          live.modules.storefront.prepare("reviews", { form: "json", params: { productId: none.id } }),
        )
      ).code,
    ).toBe("REVIEWS_NOT_FOUND");
    expect(
      (
        await failure(
          live.modules.storefront.prepare("product", { form: "json", params: { productId: "1" } }),
        )
      ).code,
    ).toBe("PRODUCT_NOT_FOUND");
  });

  it("a real store without a visual-search app answers OPERATION_UNSUPPORTED (501), as Shopify reports the missing field", async () => {
    // Shopify's own answer to a query naming a field its schema lacks (HTTP 200, GraphQL error).
    const shop = new Hono().post("/api/:version/graphql.json", (c) =>
      c.json({
        errors: [
          {
            message: "Field 'visualSearch' doesn't exist on type 'QueryRoot'",
            locations: [{ line: 3, column: 3 }],
            path: ["query VisualSearch", "visualSearch"],
            extensions: { code: "undefinedField", typeName: "QueryRoot", fieldName: "visualSearch" },
          },
        ],
      }),
    );
    const module = createStorefrontModule(
      { url: "https://plain-shop.myshopify.com", accessToken: "t", apiVersion: "2025-01" },
      {
        transport: fetchTransport(async (input, init) => shop.fetch(new Request(input, init))),
        now: () => new Date(),
        timeoutMs: 1000,
        cursors: new CursorCodec("z".repeat(20)),
      },
    );
    const { image } = await copyOf("storefront", 1, 128, "image/png");
    const error = await failure(module.prepare("image-search", { form: "json", params: { image } }));
    expect(error).toMatchObject({
      code: "OPERATION_UNSUPPORTED",
      status: 501,
      upstreamCode: "undefinedField",
    });
  });
});

describe("crossborder through the AliExpress sync gateway", () => {
  it("product: the whole variation matrix in one call, SKUs without product ids, shipping to the region", async () => {
    const item = catalogOf("crossborder").products.find(
      (p) => p.variants.length >= 4 && p.prohibitedCountries.length === 0,
    )!;
    const product = ProductSchema.parse(
      await call<Product>(live.modules.crossborder, "product", {
        productId: item.id,
        region: "FR",
        currency: "EUR",
      }),
    );
    expect(product.variants).toHaveLength(item.variants.length);
    expect(
      product.variants.every((v) => v.productId === undefined && v.sku && v.price.currency === "EUR"),
    ).toBe(true);
    expect(new Set(product.variants.map((v) => v.sku)).size).toBe(item.variants.length);
    expect(product.price.amount).toBe(Math.min(...product.variants.map((v) => v.price.amount)));
    expect(product.shipping![0]).toMatchObject({ toCountry: "FR", cost: { currency: "EUR" } });
    expect(product.category.map((c) => c.id)).toEqual(item.path);
  });

  it("ITEM_NOT_FOUND, PROHIBITED_COUNTRY and TOKEN_EXPIRED carry the marketplace's own code", async () => {
    const missing = await failure(
      live.modules.crossborder.prepare("product", {
        form: "query",
        params: { productId: "1005000000000001" },
      }),
    );
    expect(missing).toMatchObject({ code: "ITEM_NOT_FOUND", status: 404, upstreamCode: "605" });
    const banned = catalogOf("crossborder").products.find((p) => p.prohibitedCountries.length > 0)!;
    const prohibited = await failure(
      live.modules.crossborder.prepare("product", {
        form: "json",
        params: { productId: banned.id, region: banned.prohibitedCountries[0] },
      }),
    );
    expect(prohibited).toMatchObject({ code: "PROHIBITED_COUNTRY", status: 403, upstreamCode: "602" });
    live.sandbox.faults.inject("crossborder", "token-expired");
    const expired = await failure(
      live.modules.crossborder.prepare("product", { form: "json", params: { productId: banned.id } }),
    );
    expect(expired).toMatchObject({ code: "TOKEN_EXPIRED", status: 503, upstreamCode: "IllegalAccessToken" });
  });

  it("a price band matches a product when any SKU is inside it, while rows report their lowest price", async () => {
    const result = await call<SearchResult>(live.modules.crossborder, "search", {
      query: "款",
      priceMin: 20,
      priceMax: 40,
      pageSize: 50,
      currency: "USD",
    });
    expect(result.items.length).toBeGreaterThan(20);
    const inside = result.items.filter((i) => i.price.amount >= 20 && i.price.amount <= 40).length;
    const share = inside / result.items.length;
    // Most rows lie inside the band (the spec says about 90 to 95 percent); the rest are cheaper "from" prices.
    expect(share).toBeGreaterThan(0.75);
    const outside = result.items.find((i) => i.price.amount < 20)!;
    expect(outside).toBeDefined();
    const product = await call<Product>(live.modules.crossborder, "product", {
      productId: outside.productId,
      currency: "USD",
    });
    expect(product.variants.some((v) => v.price.amount >= 20 && v.price.amount <= 40)).toBe(true);
  });

  it("categories and browse: names in the requested language, browse lists a category", async () => {
    const root = CategoryListSchema.parse(
      await call<CategoryList>(live.modules.crossborder, "categories", { language: "zh" }),
    );
    expect(root.categories[0]!.name).toMatch(/[\u4e00-\u9fff]/);
    expect(root.categories.every((c) => c.browsable === true)).toBe(true);
    const child = (
      await call<CategoryList>(live.modules.crossborder, "categories", { categoryId: root.categories[0]!.id })
    ).categories[0]!;
    const listing = await call<SearchResult>(
      live.modules.crossborder,
      "browse",
      { categoryId: child.id },
      "query",
    );
    expect(listing.items.length).toBeGreaterThan(0);
    expect(listing.items.every((i) => i.category.some((c) => c.id === child.id))).toBe(true);
    expect(listing.items[0]!.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it("image search: a resized, re-encoded copy finds its product first; always one page", async () => {
    const { product, image } = await copyOf("crossborder", 123, 300, "image/jpeg");
    const result = SearchResultSchema.parse(
      await call<SearchResult>(live.modules.crossborder, "image-search", { image, currency: "EUR" }),
    );
    expect(result.items[0]!.productId).toBe(product.id);
    expect(result.items[0]!.price.currency).toBe("EUR");
    expect(result.paging).toMatchObject({ page: 1, hasMore: false });
  });
});
