import { describe, expect, it } from "vitest";
import { bucketPageSize, planSearch } from "../../../server/marketplaces/auction/rules.ts";
import { expectPrepared, expectRefused, offlineModules } from "../support.ts";

/** Spec: /v1/auction/search, categories, the hub rule of browse. */
describe("auction rules (prepare, both forms)", () => {
  const { auction } = offlineModules();

  it("search needs a query and costs 1 unit whatever the page size", () => {
    expectRefused(auction, "search", { condition: "new" }, "QUERY_REQUIRED", "query");
    for (const pageSize of [25, 60, 120, 240])
      expectPrepared(auction, "search", { query: "gpu", pageSize }, 1);
    expectPrepared(
      auction,
      "search",
      {
        query: "gpu",
        brands: ["Dell"],
        condition: "refurbished",
        freeShipping: true,
        page: 4,
        priceMin: 0,
        priceMax: 100,
        region: "GB",
        sort: "ending_soonest",
      },
      1,
    );
  });

  it("pageSize buckets: 25, 50, 60 give 60; 100, 120 give 120; 200, 240 give 240; above 240 is refused", () => {
    const expected: [number, number][] = [
      [25, 60],
      [50, 60],
      [60, 60],
      [100, 120],
      [120, 120],
      [200, 240],
      [240, 240],
      [1, 60],
      [61, 120],
      [121, 240],
    ];
    for (const [asked, served] of expected)
      expect({ asked, served: bucketPageSize(asked) }).toEqual({ asked, served });
    expect(planSearch({ query: "gpu", pageSize: 50 }, false, "EBAY_US").requests).toEqual([
      { limit: 60, offset: 0 },
    ]);
    // eBay serves at most 200 a request: a 240 page is two of 120.
    expect(planSearch({ query: "gpu", pageSize: 200, page: 2 }, false, "EBAY_US").requests).toEqual([
      { limit: 120, offset: 240 },
      { limit: 120, offset: 360 },
    ]);
    expectRefused(auction, "search", { query: "gpu", pageSize: 241 }, "INVALID_PARAMS", "pageSize");
    expectRefused(auction, "search", { query: "gpu", pageSize: 0 }, "INVALID_PARAMS", "pageSize");
    expectRefused(auction, "search", { query: "gpu", pageSize: 240, page: 42 }, "INVALID_PARAMS", "page");
  });

  it("search refuses cursor, ratingMin, inStock and currency (currency follows region)", () => {
    for (const [name, value] of [
      ["cursor", "c"],
      ["ratingMin", 4],
      ["inStock", true],
      ["currency", "EUR"],
    ] as const) {
      expectRefused(auction, "search", { query: "gpu", [name]: value }, "INVALID_PARAMS", name);
    }
    expectRefused(auction, "search", { query: "gpu", condition: "mint" }, "INVALID_PARAMS", "condition");
    expectRefused(auction, "search", { query: "gpu", sort: "avg_review" }, "INVALID_PARAMS", "sort");
    expectRefused(auction, "search", { query: "gpu", priceMin: -3 }, "INVALID_PARAMS", "priceMin");
    expect(planSearch({ query: "gpu", region: "DE", priceMin: 5 }, false, "EBAY_US")).toMatchObject({
      marketplaceId: "EBAY_DE",
      filters: ["price:[5..]", "priceCurrency:EUR"],
    });
    for (const sort of ["best_match", "ending_soonest", "newly_listed", "price_asc", "price_desc"])
      expectPrepared(auction, "search", { query: "g", sort });
  });

  it("browse needs a category, refuses a query, and a bn_ hub answers CATEGORY_NOT_BROWSABLE", () => {
    expectRefused(auction, "browse", {}, "CATEGORY_REQUIRED", "categoryId");
    expectRefused(auction, "browse", { categoryId: "bn_1865326" }, "CATEGORY_NOT_BROWSABLE", "bn_1865326");
    expectRefused(auction, "browse", { categoryId: "27386", query: "gpu" }, "INVALID_PARAMS", "query");
    expectRefused(auction, "browse", { categoryId: "gpu cards" }, "INVALID_PARAMS", "categoryId");
    expectPrepared(auction, "browse", { categoryId: "27386", pageSize: 100 }, 1);
  });

  it("categories: browsableOnly has no measurements on auction; item ids are eBay's", () => {
    expectRefused(
      auction,
      "categories",
      { browsableOnly: true },
      "BROWSABLE_ONLY_UNAVAILABLE",
      "browsableOnly",
    );
    expectPrepared(auction, "categories", {}, 1);
    expectPrepared(auction, "product", { productId: "v1|265708278354|0" });
    expectPrepared(auction, "product", { productId: "265708278354" });
    expectRefused(auction, "product", { productId: "v2|x|0" }, "INVALID_PRODUCT_ID", "productId");
    expectRefused(auction, "image-search", { image: {} }, "UNKNOWN_OPERATION");
  });
});
