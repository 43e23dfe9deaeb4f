import { describe, expect, it } from "vitest";
import { encodeFacetValue } from "../../../server/marketplaces/storefront/rules.ts";
import { TINY_PNG_BASE64 } from "../../support/tiny-images.ts";
import { expectPrepared, expectRefused, offlineModules } from "../support.ts";

const PNG = TINY_PNG_BASE64;
const image = { contentType: "image/png", data: PNG };

/** Spec: /v1/storefront/image-search; our design for the other storefront operations. */
describe("storefront rules (prepare, both forms)", () => {
  const { storefront } = offlineModules();

  it("image search needs an image; query narrows it; every documented filter is accepted", () => {
    expectRefused(storefront, "image-search", { query: "shoes" }, "IMAGE_REQUIRED", "image");
    expectPrepared(storefront, "image-search", { image }, 1);
    expectPrepared(
      storefront,
      "image-search",
      {
        image,
        query: "shoes",
        categoryId: "411000000",
        condition: "used",
        inStock: true,
        priceMin: 0,
        priceMax: 50,
        ratingMin: 3.5,
        region: "JP",
      },
      1,
    );
  });

  it("pages only by cursor: page is refused by name with PAGE_NOT_SUPPORTED", () => {
    expectRefused(storefront, "image-search", { image, page: 2 }, "PAGE_NOT_SUPPORTED", "page");
    expectRefused(storefront, "search", { query: "shoes", page: 1 }, "PAGE_NOT_SUPPORTED", "page");
    expectRefused(storefront, "browse", { categoryId: "411000000", page: 3 }, "PAGE_NOT_SUPPORTED", "page");
  });

  it("refuses refurbished by name; new and used are accepted", () => {
    expectRefused(
      storefront,
      "image-search",
      { image, condition: "refurbished" },
      "INVALID_PARAMS",
      "condition",
      "refurbished",
    );
    expectRefused(
      storefront,
      "search",
      { query: "x", condition: "refurbished" },
      "INVALID_PARAMS",
      "condition",
    );
    expectPrepared(storefront, "search", { query: "x", condition: "new" });
  });

  it("refuses cursors it did not issue, for another operation or other parameters", () => {
    expectRefused(
      storefront,
      "image-search",
      { image, cursor: "eyJsYXN0X2lkIjo1Mzg4MjUyNjF9" },
      "INVALID_CURSOR",
      "cursor",
    );
    expectRefused(storefront, "search", { query: "x", cursor: "c1.e30.AAAA" }, "INVALID_CURSOR", "cursor");
  });

  it("checks the image: size (about 6 MB of base64), type, bytes; prices at least 0", () => {
    expectRefused(
      storefront,
      "image-search",
      { image: { contentType: "image/png", data: "A".repeat(6 * 1024 * 1024 + 4) } },
      "INVALID_PARAMS",
      "image.data",
    );
    expectRefused(
      storefront,
      "image-search",
      { image: { contentType: "image/bmp", data: PNG } },
      "INVALID_PARAMS",
      "image.contentType",
    );
    expectRefused(
      storefront,
      "image-search",
      { image: { contentType: "image/jpeg", data: PNG } },
      "INVALID_PARAMS",
      "image.contentType",
    );
    expectRefused(storefront, "image-search", { image, priceMin: -1 }, "INVALID_PARAMS", "priceMin");
    expectRefused(storefront, "image-search", { image, ratingMin: 6 }, "INVALID_PARAMS", "ratingMin");
  });

  it("search, browse, categories, product and reviews: our tables", () => {
    expectRefused(storefront, "search", {}, "QUERY_REQUIRED");
    expectRefused(
      storefront,
      "search",
      { query: "x", categoryId: "411000000" },
      "INVALID_PARAMS",
      "categoryId",
    );
    expectRefused(storefront, "browse", { categoryId: "411000000", query: "x" }, "INVALID_PARAMS", "query");
    expectRefused(storefront, "browse", {}, "CATEGORY_REQUIRED");
    expectRefused(
      storefront,
      "browse",
      { categoryId: "gid://shopify/Product/1" },
      "INVALID_PARAMS",
      "categoryId",
    );
    expectPrepared(storefront, "browse", {
      categoryId: "gid://shopify/Collection/411000000",
      sort: "best_seller",
      brands: ["ミナト"],
    });
    const vendor = encodeFacetValue(JSON.stringify({ productVendor: "ミナト" }));
    expectPrepared(storefront, "search", { query: "x", facets: [{ id: "filter.p.vendor", value: vendor }] });
    expectRefused(
      storefront,
      "search",
      { query: "x", facets: [{ id: "filter.p.vendor", value: encodeFacetValue('{"__proto__":1}') }] },
      "INVALID_PARAMS",
      "facets",
    );
    expectPrepared(storefront, "categories", { browsableOnly: true });
    expectPrepared(storefront, "product", { productId: "7001193773718" });
    expectRefused(storefront, "product", { productId: "gid://shopify/Collection/1" }, "INVALID_PRODUCT_ID");
    expectPrepared(storefront, "reviews", { productId: "gid://shopify/Product/7001193773718" });
    expect(storefront.operations).toContain("image-search");
  });
});
