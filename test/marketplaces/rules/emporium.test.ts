import { describe, expect, it } from "vitest";
import { expectPrepared, expectRefused, offlineModules } from "../support.ts";

/** Spec: /v1/emporium/search, browse, categories; Billing (2 units with brands or rail facets). */
describe("emporium rules (prepare, both forms)", () => {
  const { emporium } = offlineModules();

  it("search needs a query and costs 1 unit, 2 with brands, facets or the filter rail", () => {
    expectRefused(emporium, "search", {}, "QUERY_REQUIRED", "query");
    expectRefused(emporium, "search", { brands: ["Norvale"] }, "QUERY_REQUIRED");
    expectPrepared(emporium, "search", { query: "kettle" }, 1);
    expectPrepared(
      emporium,
      "search",
      { query: "kettle", page: 3, sort: "price_desc", priceMin: 0, priceMax: 20.5, categoryId: "172282" },
      1,
    );
    expectPrepared(emporium, "search", { query: "kettle", brands: ["Norvale"] }, 2);
    expectPrepared(
      emporium,
      "search",
      { query: "kettle", facets: [{ id: "department", value: "Electronics" }] },
      2,
    );
    expectPrepared(emporium, "search", { query: "kettle", include: ["facets"] }, 2);
    expectPrepared(
      emporium,
      "search",
      { query: "kettle", brands: ["Norvale"], facets: ["category:3100000011"], include: ["facets"] },
      2,
    );
  });

  it("search accepts ratingMin 4 only", () => {
    expectPrepared(emporium, "search", { query: "kettle", ratingMin: 4 }, 1);
    for (const rating of [3, 4.5, 5, 0])
      expectRefused(
        emporium,
        "search",
        { query: "kettle", ratingMin: rating },
        "INVALID_PARAMS",
        "ratingMin",
      );
    expectRefused(emporium, "search", { query: "kettle", ratingMin: -1 }, "INVALID_PARAMS", "ratingMin");
  });

  it("search refuses pageSize, cursor, condition, freeShipping and inStock by name", () => {
    for (const [name, value] of [
      ["pageSize", 20],
      ["cursor", "abc"],
      ["condition", "new"],
      ["freeShipping", true],
      ["inStock", true],
    ] as const) {
      expectRefused(emporium, "search", { query: "kettle", [name]: value }, "INVALID_PARAMS", name);
    }
    expectRefused(emporium, "search", { query: "kettle", color: "red" }, "INVALID_PARAMS", "color");
  });

  it("search takes the documented sorts, bounds at least 0 and pages 1 to 10", () => {
    for (const sort of ["best_match", "price_asc", "price_desc", "newly_listed", "avg_review"])
      expectPrepared(emporium, "search", { query: "k", sort });
    expectRefused(emporium, "search", { query: "k", sort: "ending_soonest" }, "INVALID_PARAMS", "sort");
    expectRefused(emporium, "search", { query: "k", priceMin: -0.01 }, "INVALID_PARAMS", "priceMin");
    expectRefused(emporium, "search", { query: "k", priceMax: -5 }, "INVALID_PARAMS", "priceMax");
    expectRefused(emporium, "search", { query: "k", page: 0 }, "INVALID_PARAMS", "page");
    expectRefused(emporium, "search", { query: "k", page: 11 }, "INVALID_PARAMS", "page");
    expectRefused(emporium, "search", { query: "k", brands: ["a", "b"] }, "INVALID_PARAMS", "brands");
    expectRefused(emporium, "search", { query: "k", facets: ["color:red"] }, "INVALID_PARAMS", "facets");
    expectRefused(emporium, "search", { query: "k", include: ["reviews"] }, "INVALID_PARAMS", "include");
  });

  it("browse needs a browse node, refuses a query and a department slug", () => {
    expectRefused(emporium, "browse", {}, "CATEGORY_REQUIRED", "categoryId");
    expectRefused(emporium, "browse", { categoryId: "electronics" }, "CATEGORY_NOT_BROWSABLE", "electronics");
    expectRefused(emporium, "browse", { categoryId: "not a node" }, "INVALID_PARAMS", "categoryId");
    expectRefused(
      emporium,
      "browse",
      { categoryId: "3100000011", query: "kettle" },
      "INVALID_PARAMS",
      "query",
    );
    expectPrepared(emporium, "browse", { categoryId: "3100000011" }, 1);
    expectPrepared(emporium, "browse", { categoryId: "3100000011", brands: ["Norvale"] }, 2);
    expectPrepared(
      emporium,
      "browse",
      { categoryId: "3100000011", facets: [{ id: "brand", value: "Norvale" }] },
      2,
    );
    expectRefused(
      emporium,
      "browse",
      { categoryId: "3100000011", ratingMin: 3 },
      "INVALID_PARAMS",
      "ratingMin",
    );
    expectRefused(
      emporium,
      "browse",
      { categoryId: "3100000011", pageSize: 10 },
      "INVALID_PARAMS",
      "pageSize",
    );
  });

  it("categories takes a slug or a browse node; other regions answer 501", () => {
    expectPrepared(emporium, "categories", {});
    expectPrepared(emporium, "categories", { categoryId: "electronics" });
    expectPrepared(emporium, "categories", { categoryId: "172282", region: "US" });
    expectRefused(emporium, "categories", { categoryId: "../etc" }, "INVALID_PARAMS", "categoryId");
    expectRefused(emporium, "categories", { region: "DE" }, "OPERATION_UNSUPPORTED", "region");
    expectRefused(emporium, "search", { query: "k", region: "JP" }, "OPERATION_UNSUPPORTED", "region");
  });

  it("product and reviews take an ASIN; image search does not exist here", () => {
    expectPrepared(emporium, "product", { productId: "B000CDTJCC" });
    expectPrepared(emporium, "product", { productId: "0134190440" });
    expectRefused(emporium, "product", {}, "INVALID_PARAMS", "productId");
    expectRefused(emporium, "product", { productId: "B0-CDTJCC" }, "INVALID_PRODUCT_ID", "productId");
    expectRefused(emporium, "reviews", { productId: "123" }, "INVALID_PRODUCT_ID");
    expectRefused(emporium, "image-search", { image: {} }, "UNKNOWN_OPERATION", "visual search");
    expect(emporium.operations).not.toContain("image-search");
  });
});
