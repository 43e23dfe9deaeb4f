import { describe, expect, it } from "vitest";
import { searchQuery } from "../../../server/marketplaces/megastore/index.ts";
import { planSearch, ratingBand } from "../../../server/marketplaces/megastore/rules.ts";
import { expectPrepared, expectRefused, offlineModules } from "../support.ts";

/** Spec: /v1/megastore/search, categories, the browse rules. */
describe("megastore rules (prepare, both forms)", () => {
  const { megastore } = offlineModules();

  it("search needs a query, costs 1 unit, takes a bare department id", () => {
    expectRefused(megastore, "search", { brands: ["Norvale"] }, "QUERY_REQUIRED", "query");
    expectPrepared(
      megastore,
      "search",
      {
        query: "tv",
        brands: ["Norvale", "Kestrel"],
        categoryId: "1000076",
        page: 2,
        sort: "best_seller",
        priceMin: 10,
        priceMax: 99,
      },
      1,
    );
    expectPrepared(megastore, "search", { query: "tv", categoryId: "1000076_1100000_1200000" }, 1);
    expectRefused(
      megastore,
      "search",
      { query: "tv", categoryId: "electronics" },
      "INVALID_PARAMS",
      "categoryId",
    );
  });

  it("search refuses pageSize, cursor, condition, freeShipping and inStock", () => {
    for (const [name, value] of [
      ["pageSize", 50],
      ["cursor", "c"],
      ["condition", "new"],
      ["freeShipping", "true"],
      ["inStock", true],
    ] as const) {
      expectRefused(megastore, "search", { query: "tv", [name]: value }, "INVALID_PARAMS", name);
    }
    expectRefused(megastore, "search", { query: "tv", sort: "avg_review" }, "INVALID_PARAMS", "sort");
    expectRefused(megastore, "search", { query: "tv", priceMin: -1 }, "INVALID_PARAMS", "priceMin");
  });

  it("ratingMin 0 to 5 snaps up to a band: 3.5 selects 4 to 5, 4.5 sends no rating filter", () => {
    expect(ratingBand(3.5)).toBe(4);
    expect(ratingBand(4)).toBe(4);
    expect(ratingBand(1)).toBe(1);
    expect(ratingBand(2.01)).toBe(3);
    expect(ratingBand(4.5)).toBeUndefined();
    expect(ratingBand(5)).toBeUndefined();
    expect(ratingBand(0)).toBeUndefined();
    const filters = (ratingMin: number) =>
      searchQuery(planSearch({ query: "tv", ratingMin }), 1).getAll("facet.filter");
    expect(filters(3.5)).toEqual(["customerRating:4 - 5 Stars"]);
    expect(filters(4.5)).toEqual([]);
    expectPrepared(megastore, "search", { query: "tv", ratingMin: 4.5 });
    expectRefused(megastore, "search", { query: "tv", ratingMin: 5.5 }, "INVALID_PARAMS", "ratingMin");
    expectRefused(megastore, "search", { query: "tv", ratingMin: -0.5 }, "INVALID_PARAMS", "ratingMin");
  });

  it("a page is about 50 items: two Walmart requests of 25", () => {
    const plan = planSearch({ query: "tv", page: 3 });
    expect(plan.starts).toEqual([101, 126]);
    expect(searchQuery(plan, 101).get("numItems")).toBe("25");
    expectRefused(megastore, "search", { query: "tv", page: 21 }, "INVALID_PARAMS", "page");
  });

  it("browse takes a category, pages by cursor only and refuses query", () => {
    expectRefused(megastore, "browse", {}, "CATEGORY_REQUIRED", "categoryId");
    expectRefused(
      megastore,
      "browse",
      { categoryId: "1000076_1100000", page: 2 },
      "PAGE_NOT_SUPPORTED",
      "page",
    );
    expectRefused(
      megastore,
      "browse",
      { categoryId: "1000076_1100000", query: "tv" },
      "INVALID_PARAMS",
      "query",
    );
    expectRefused(
      megastore,
      "browse",
      { categoryId: "1000076_1100000", cursor: "forged" },
      "INVALID_CURSOR",
      "cursor",
    );
    expectPrepared(megastore, "browse", {
      categoryId: "1000076_1100000",
      inStock: true,
      brands: ["Norvale"],
    });
  });

  it("categories: departments or chains; browsableOnly has no measurements here; US only", () => {
    expectPrepared(megastore, "categories", {});
    expectPrepared(megastore, "categories", { categoryId: "1000076" });
    expectPrepared(megastore, "categories", { browsableOnly: false });
    expectRefused(
      megastore,
      "categories",
      { browsableOnly: true },
      "BROWSABLE_ONLY_UNAVAILABLE",
      "browsableOnly",
    );
    expectRefused(megastore, "categories", { region: "CA" }, "OPERATION_UNSUPPORTED", "region");
  });

  it("product ids are digits; there is no image search", () => {
    expectPrepared(megastore, "product", { productId: "504312210" });
    expectRefused(megastore, "product", { productId: "B000CDTJCC" }, "INVALID_PRODUCT_ID");
    expectRefused(megastore, "reviews", { productId: "x" }, "INVALID_PRODUCT_ID");
    expectRefused(megastore, "image-search", { image: {} }, "UNKNOWN_OPERATION");
  });
});
