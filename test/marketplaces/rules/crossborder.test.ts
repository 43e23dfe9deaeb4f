import { describe, expect, it } from "vitest";
import { presentmentOf, textSearchParams } from "../../../server/marketplaces/crossborder/rules.ts";
import { TINY_JPEG_BASE64 } from "../../support/tiny-images.ts";
import { expectPrepared, expectRefused, offlineModules } from "../support.ts";

const JPEG = TINY_JPEG_BASE64;
const image = { contentType: "image/jpeg", data: JPEG };

/** Spec: /v1/crossborder/image-search, the price band, no reviews; our design for the rest. */
describe("crossborder rules (prepare, both forms)", () => {
  const { crossborder } = offlineModules();

  it("image search: image required, no query, no paging, presentment currency checked", () => {
    expectRefused(crossborder, "image-search", {}, "IMAGE_REQUIRED", "image");
    expectPrepared(crossborder, "image-search", { image, currency: "EUR", language: "fr", region: "FR" }, 1);
    expectRefused(crossborder, "image-search", { image, query: "cat" }, "INVALID_PARAMS", "query");
    for (const name of ["page", "pageSize"])
      expectRefused(crossborder, "image-search", { image, [name]: 2 }, "INVALID_PARAMS", name);
    expectRefused(crossborder, "image-search", { image, currency: "XAU" }, "CURRENCY_NOT_SUPPORTED", "XAU");
    expectRefused(crossborder, "search", { query: "x", currency: "ZWL" }, "CURRENCY_NOT_SUPPORTED");
    expectRefused(
      crossborder,
      "product",
      { productId: "1005008177221739", currency: "BTC" },
      "CURRENCY_NOT_SUPPORTED",
    );
    expectRefused(crossborder, "search", { query: "x", language: "tlh" }, "INVALID_PARAMS", "language");
  });

  it("search and browse share the vocabulary; browse refuses a query", () => {
    expectRefused(crossborder, "search", {}, "QUERY_REQUIRED");
    expectPrepared(crossborder, "search", {
      query: "mat",
      categoryId: "15",
      page: 2,
      pageSize: 50,
      priceMin: 3,
      priceMax: 9.5,
      sort: "best_seller",
      freeShipping: true,
      region: "FR",
      currency: "EUR",
      language: "fr",
    });
    expectRefused(crossborder, "search", { query: "mat", pageSize: 51 }, "INVALID_PARAMS", "pageSize");
    for (const [name, value] of [
      ["brands", ["x"]],
      ["condition", "used"],
      ["ratingMin", 4],
      ["inStock", true],
      ["cursor", "c"],
      ["facets", ["a:b"]],
    ] as const) {
      expectRefused(crossborder, "search", { query: "mat", [name]: value }, "INVALID_PARAMS", name);
    }
    expectRefused(crossborder, "browse", {}, "CATEGORY_REQUIRED");
    expectRefused(crossborder, "browse", { categoryId: "15", query: "mat" }, "INVALID_PARAMS", "query");
    expectRefused(crossborder, "browse", { categoryId: "home" }, "INVALID_PARAMS", "categoryId");
    expectPrepared(crossborder, "browse", { categoryId: "15" });
  });

  it("a price band goes to the marketplace, which matches it against every SKU", () => {
    const params = textSearchParams(
      { query: "mat", priceMin: 3, priceMax: 9.5 },
      presentmentOf({ currency: "EUR", region: "FR" }),
      "mat",
    );
    expect(params).toMatchObject({
      keyWord: "mat",
      countryCode: "FR",
      currency: "EUR",
      local: "en_US",
      pageIndex: "1",
      pageSize: "20",
    });
    expect(JSON.parse(params.searchExtend!)).toEqual([
      { searchKey: "price_range", searchValue: "", min: "3.00", max: "9.50" },
    ]);
  });

  it("product ids are digits; there is no reviews operation", () => {
    expectPrepared(crossborder, "product", { productId: "1005008177221739", region: "FR" });
    expectRefused(crossborder, "product", {}, "INVALID_PARAMS", "productId");
    expectRefused(crossborder, "product", { productId: "item-1" }, "INVALID_PRODUCT_ID");
    expectRefused(crossborder, "reviews", { productId: "1005008177221739" }, "UNKNOWN_OPERATION", "reviews");
    expectPrepared(crossborder, "categories", { browsableOnly: true, language: "zh" });
  });
});
