import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuctionModule } from "../../../server/marketplaces/auction/index.ts";
import { catalogOf } from "../../../server/sandbox/catalog/catalog.ts";
import { emporiumPageSize } from "../../../server/sandbox/dialects/paapi.ts";
import {
  type CategoryList,
  CategoryListSchema,
  type Product,
  ProductSchema,
  type SearchResult,
  SearchResultSchema,
} from "../../../src/contract/marketplace.ts";
import { call, ctx, failure, type Live, liveModules } from "../support.ts";

/** The emporium and auction adapters end to end against their sandbox dialects. */
let live: Live;
beforeAll(async () => {
  live = await liveModules();
  await (live.modules.auction as AuctionModule).taxonomy.ensure(ctx());
});
afterAll(() => live.close());

describe("emporium through PA-API", () => {
  it("a keyword's page holds 13 to 47 items, the same number on every page of that keyword", async () => {
    const sizes = new Set<number>();
    for (const query of ["wireless", "lamp", "tea", "mini", "pro"]) {
      const first = SearchResultSchema.parse(
        await call<SearchResult>(live.modules.emporium, "search", { query }, "query"),
      );
      const second = SearchResultSchema.parse(
        await call<SearchResult>(live.modules.emporium, "search", { query, page: 2 }),
      );
      expect(first.items.length).toBe(emporiumPageSize(query));
      expect(first.items.length).toBeGreaterThanOrEqual(13);
      expect(first.items.length).toBeLessThanOrEqual(47);
      if (second.items.length > 0) expect(second.items[0]!.productId).not.toBe(first.items[0]!.productId);
      expect(first.query).toBe(query);
      sizes.add(first.items.length);
    }
    expect(sizes.size).toBeGreaterThan(1);
  });

  it("search filters reach the marketplace: price bounds, 4 stars and up, brand, sort", async () => {
    const result = await call<SearchResult>(live.modules.emporium, "search", {
      query: "wireless",
      priceMin: 20,
      priceMax: 80,
      ratingMin: 4,
      sort: "price_asc",
    });
    expect(result.items.length).toBeGreaterThan(0);
    for (const item of result.items) {
      expect(item.price.amount).toBeGreaterThanOrEqual(20);
      expect(item.price.amount).toBeLessThanOrEqual(80);
      expect(item.rating!.average).toBeGreaterThanOrEqual(4);
    }
    const prices = result.items.map((i) => i.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const brand = result.items[0]!.brand!;
    const branded = await call<SearchResult>(
      live.modules.emporium,
      "search",
      { query: "wireless", brands: [brand] },
      "query",
    );
    expect(branded.items.every((i) => i.brand === brand)).toBe(true);
  });

  it("the filter rail comes with include=facets, and its category values browse", async () => {
    const result = await call<SearchResult>(live.modules.emporium, "search", {
      query: "wireless",
      include: ["facets"],
    });
    const category = result.facets.find((f) => f.id === "category")!;
    expect(category.values.length).toBeGreaterThan(0);
    const browse = SearchResultSchema.parse(
      await call<SearchResult>(live.modules.emporium, "browse", { categoryId: category.values[0]!.value }),
    );
    expect(browse.items.length).toBeGreaterThan(0);
    expect(browse.query).toBeUndefined();
    const narrowed = await call<SearchResult>(live.modules.emporium, "search", {
      query: "wireless",
      facets: [{ id: "category", value: category.values[0]!.value }],
    });
    expect(narrowed.items.every((i) => i.category.some((c) => c.id === category.values[0]!.value))).toBe(
      true,
    );
  });

  it("categories: 40 departments, not browsable; below them browse nodes whose browsability is not reported", async () => {
    const root = CategoryListSchema.parse(await call<CategoryList>(live.modules.emporium, "categories", {}));
    expect(root.categories).toHaveLength(40);
    expect(root.categories.every((c) => c.browsable === false && /^[a-z-]+$/.test(c.id))).toBe(true);
    const bySlug = await call<CategoryList>(live.modules.emporium, "categories", { categoryId: "kitchen" });
    expect(bySlug.path).toEqual([{ id: "kitchen", name: "Kitchen & Dining" }]);
    expect(bySlug.categories.length).toBeGreaterThan(0);
    expect(bySlug.categories.every((c) => /^\d+$/.test(c.id) && c.browsable === undefined)).toBe(true);
    const byNode = await call<CategoryList>(live.modules.emporium, "categories", {
      categoryId: bySlug.categories[0]!.id,
    });
    expect(byNode.path.map((p) => p.id)).toEqual(["284507", bySlug.categories[0]!.id]);
    expect(
      (await call<CategoryList>(live.modules.emporium, "categories", { browsableOnly: true })).categories,
    ).toEqual([]);
  });

  it("a minority of nodes list nothing: browse answers an empty page, not an error", async () => {
    const empty = [...catalogOf("emporium").taxonomy.nodes.values()].find((n) => n.empty)!;
    const result = SearchResultSchema.parse(
      await call<SearchResult>(live.modules.emporium, "browse", { categoryId: empty.id }),
    );
    expect(result.items).toEqual([]);
    expect(result.paging).toMatchObject({ pageSize: 0, hasMore: false });
    expect(
      (
        await failure(
          live.modules.emporium.prepare("browse", { form: "json", params: { categoryId: "999999" } }),
        )
      ).code,
    ).toBe("INVALID_PARAMS");
  });

  it("product: the variation family with per-variant ASINs; unknown ASINs are PRODUCT_NOT_FOUND", async () => {
    const withVariants = catalogOf("emporium").products.find((p) => p.variants.length > 2)!;
    const product = ProductSchema.parse(
      await call<Product>(live.modules.emporium, "product", { productId: withVariants.id }),
    );
    expect(product.variants).toHaveLength(withVariants.variants.length);
    expect(product.variants.every((v) => v.productId && /^B1/.test(v.productId))).toBe(true);
    expect(product.price.amount).toBe(Math.min(...product.variants.map((v) => v.price.amount)));
    expect(product.images.length).toBe(withVariants.imageCount);
    const missing = await failure(
      live.modules.emporium.prepare("product", { form: "query", params: { productId: "B0ZZZZZZZZ" } }),
    );
    expect(missing).toMatchObject({ code: "PRODUCT_NOT_FOUND", upstreamCode: "InvalidParameterValue" });
  });

  it("reviews: PA-API publishes the aggregate only, so known reviews are unreachable; none is REVIEWS_NOT_FOUND", async () => {
    const products = catalogOf("emporium").products;
    const rated = products.find((p) => p.ratingCount > 0)!;
    const unrated = products.find((p) => p.ratingCount === 0)!;
    expect(
      (
        await failure(
          live.modules.emporium.prepare("reviews", { form: "json", params: { productId: rated.id } }),
        )
      ).code,
    ).toBe("REVIEWS_UNREACHABLE");
    expect(
      (
        await failure(
          live.modules.emporium.prepare("reviews", { form: "json", params: { productId: unrated.id } }),
        )
      ).code,
    ).toBe("REVIEWS_NOT_FOUND");
  });
});

describe("auction through eBay Browse and Taxonomy", () => {
  it("categories: 18 departments, the four bn_ hubs marked not browsable, three published levels", async () => {
    const root = CategoryListSchema.parse(await call<CategoryList>(live.modules.auction, "categories", {}));
    expect(root.categories).toHaveLength(18);
    const hubs = root.categories.filter((c) => c.id.startsWith("bn_"));
    expect(hubs).toHaveLength(4);
    expect(hubs.every((h) => h.browsable === false)).toBe(true);
    expect(
      root.categories.filter((c) => !c.id.startsWith("bn_")).every((c) => c.browsable === undefined),
    ).toBe(true);
  });

  it("prices categories by level: 1 unit down to level three, 2 for a descent below it (an empty list)", async () => {
    const auction = live.modules.auction;
    const root = await call<CategoryList>(auction, "categories", {});
    const department = root.categories.find((c) => !c.id.startsWith("bn_"))!.id;
    const l1 = auction.prepare("categories", { form: "query", params: { categoryId: department } });
    expect(l1.units).toBe(1);
    const level2 = ((await l1.run(ctx())) as CategoryList).categories[0]!.id;
    const l2 = auction.prepare("categories", { form: "json", params: { categoryId: level2 } });
    expect(l2.units).toBe(1);
    const level3 = ((await l2.run(ctx())) as CategoryList).categories[0]!.id;
    const l3 = auction.prepare("categories", { form: "query", params: { categoryId: level3 } });
    expect(l3.units).toBe(2);
    const below = CategoryListSchema.parse(await l3.run(ctx()));
    expect(below.categories).toEqual([]);
    expect(below.path.map((p) => p.id)).toEqual([department, level2, level3]);
    expect(() =>
      auction.prepare("categories", { form: "query", params: { categoryId: "123456789" } }),
    ).toThrowError(expect.objectContaining({ code: "INVALID_PARAMS" }));
  });

  it("browse on a hub nobody could predict answers CATEGORY_NOT_BROWSABLE (eBay errorId 13022); its children browse", async () => {
    const hidden = [...catalogOf("auction").taxonomy.nodes.values()].find(
      (n) => n.hub && !n.id.startsWith("bn_"),
    )!;
    const error = await failure(
      live.modules.auction.prepare("browse", { form: "query", params: { categoryId: hidden.id } }),
    );
    expect(error).toMatchObject({ code: "CATEGORY_NOT_BROWSABLE", upstreamCode: "13022" });
    const child = await call<SearchResult>(live.modules.auction, "browse", {
      categoryId: hidden.children[0]!.id,
    });
    expect(SearchResultSchema.parse(child).items.length).toBeGreaterThan(0);
  });

  it("a 240 page is served whole (two eBay requests of 120); a 50 asks for 60", async () => {
    const big = await call<SearchResult>(live.modules.auction, "search", { query: "a", pageSize: 240 });
    expect(big.items).toHaveLength(240);
    expect(new Set(big.items.map((i) => i.productId)).size).toBe(240);
    const small = await call<SearchResult>(
      live.modules.auction,
      "search",
      { query: "a", pageSize: 50 },
      "query",
    );
    expect(small.items).toHaveLength(60);
    expect(small.paging.hasMore).toBe(true);
  });

  it("region picks the eBay site and its currency; conditions, auctions and sorting reach eBay", async () => {
    const gb = await call<SearchResult>(live.modules.auction, "search", { query: "tent", region: "GB" });
    expect(gb.items.every((i) => i.price.currency === "GBP")).toBe(true);
    const used = await call<SearchResult>(live.modules.auction, "search", {
      query: "a",
      condition: "used",
      sort: "ending_soonest",
    });
    expect(used.items.every((i) => i.condition === "used")).toBe(true);
    const ends = used.items.flatMap((i) => (i.endsAt ? [i.endsAt] : []));
    expect(ends.length).toBeGreaterThan(0);
    expect(ends).toEqual([...ends].sort());
    const brand = used.facets.find((f) => f.id === "Brand")!.values[0]!.value;
    const branded = await call<SearchResult>(live.modules.auction, "search", { query: "a", brands: [brand] });
    expect(branded.items.length).toBeGreaterThan(0);
  });

  it("product by RESTful or legacy id; a missing item is PRODUCT_NOT_FOUND with eBay's errorId", async () => {
    const item = catalogOf("auction").products[42]!;
    const byRest = ProductSchema.parse(
      await call<Product>(live.modules.auction, "product", { productId: item.id }),
    );
    const byLegacy = await call<Product>(live.modules.auction, "product", {
      productId: item.id.split("|")[1],
    });
    expect(byLegacy.productId).toBe(byRest.productId);
    expect(byRest.category.length).toBe(3);
    const missing = await failure(
      live.modules.auction.prepare("product", { form: "json", params: { productId: "v1|999999999|0" } }),
    );
    expect(missing).toMatchObject({ code: "PRODUCT_NOT_FOUND", upstreamCode: "11001" });
  });

  it("an expired OAuth token is renewed once, transparently", async () => {
    live.sandbox.faults.inject("auction", "token-expired");
    const result = await call<SearchResult>(live.modules.auction, "search", { query: "lamp" });
    expect(result.items.length).toBeGreaterThan(0);
  });
});
