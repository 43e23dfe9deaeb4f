import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  normalizeItem as ebayItem,
  normalizeSearch as ebaySearch,
  readItem as readEbayItem,
  readSearch as readEbaySearch,
} from "../../server/marketplaces/auction/normalize.ts";
import { AuctionTaxonomy } from "../../server/marketplaces/auction/taxonomy-index.ts";
import {
  normalizeProduct as aeProduct,
  count,
  itemUrl,
  normalizeFreight,
  normalizeTextSearch,
  readProductGet,
  readTextSearch,
} from "../../server/marketplaces/crossborder/normalize.ts";
import {
  normalizeBrowseNode,
  normalizeItem as paapiItem,
  normalizeSearch as paapiSearch,
  readItems,
  readVariations,
} from "../../server/marketplaces/emporium/normalize.ts";
import {
  categoryChain,
  normalizeCategories,
  readTaxonomy,
  readSearch as readWalmartSearch,
  normalizeProduct as walmartProduct,
  normalizeSearch as walmartSearch,
} from "../../server/marketplaces/megastore/normalize.ts";
import {
  normalizeCollections,
  normalizeConnection,
  readConnection,
  normalizeProduct as shopifyProduct,
} from "../../server/marketplaces/storefront/normalize.ts";
import { CategoryListSchema, ProductSchema, SearchResultSchema } from "../../src/contract/marketplace.ts";
import { fixturePath } from "../support/fixtures.ts";

/**
 * Every sample in test/fixtures/upstream/ (LIVE captures, vendor docs, SDK fixtures) through the
 * normalizers; results must satisfy the contract. A test at the end fails when a sample is added
 * without being covered here.
 */
const DIR = fixturePath("upstream");
const covered = new Set<string>();
function sample(path: string): unknown {
  covered.add(path);
  return JSON.parse(readFileSync(join(DIR, path), "utf8"));
}

describe("auction (eBay) samples", () => {
  it("search with refinements: prices from strings, ancestors ordered, refinements as facets", () => {
    const body = readEbaySearch(sample("auction/browse_search_refinements.json"));
    const result = SearchResultSchema.parse(
      ebaySearch([body], { query: "NVIDIA T4", page: 1, pageSize: 60 }, () => undefined),
    );
    expect(result.items).toHaveLength(3);
    expect(result.paging).toMatchObject({ totalResults: 83, hasMore: true });
    const [first, second] = result.items;
    expect(first).toMatchObject({
      productId: "v1|265708278354|0",
      price: { amount: 1900, currency: "USD" },
      condition: "new",
      freeShipping: true,
    });
    expect(first!.seller).toEqual({ id: "zaadone", name: "zaadone", feedbackPercent: 98 });
    // Leaves listed first by eBay come last; a refurbished item keeps its list price.
    expect(first!.category.at(-1)).toEqual({ id: "3761", name: "Video Capture & TV Tuner Cards" });
    expect(second).toMatchObject({
      condition: "refurbished",
      originalPrice: { amount: 2999, currency: "USD" },
      price: { amount: 1499 },
    });
    const brand = result.facets.find((f) => f.id === "Brand")!;
    expect(brand.values.map((v) => v.value)).toEqual(["Dell", "NVIDIA", "Unbranded"]);
    // "Not Specified" ({!}) cannot be fed back, so it is not offered.
    expect(result.facets.find((f) => f.id === "Memory Size")!.values.map((v) => v.value)).toEqual([
      "4 GB",
      "16 GB",
    ]);
    // With the taxonomy's levels the order is exact.
    const levels: Record<string, number> = { "58058": 1, "175673": 2, "3761": 3, "27386": 3, "164": 3 };
    const ordered = ebaySearch([body], { page: 1, pageSize: 60 }, (id) => levels[id]);
    expect(ordered.items[1]!.category.map((c) => c.id)).toEqual(["58058", "175673", "27386", "164"]);
  });

  it("getItem: ordered path from categoryIdPath, HTML description as text, zero reviews means no rating", () => {
    const product = ProductSchema.parse(
      ebayItem(readEbayItem(sample("auction/browse_get_item.json")), new Date("2023-11-20T00:00:00Z")),
    );
    expect(product.category).toEqual([
      { id: "58058", name: "Computers/Tablets & Networking" },
      { id: "175673", name: "Computer Components & Parts" },
      { id: "3761", name: "Video Capture & TV Tuner Cards" },
    ]);
    expect(product.description).toBe(
      "Lenovo ThinkSystem NVIDIA Tesla T4 16GB PCIe Passive GPU 4X67A14926 (New Sealed)",
    );
    expect(product.images).toHaveLength(2);
    expect(product).toMatchObject({
      brand: "Lenovo",
      inStock: true,
      price: { amount: 1900, currency: "USD" },
    });
    expect(product.rating).toBeUndefined();
    expect(product.shipping![0]).toMatchObject({ free: true, minDays: 8, maxDays: 18 });
  });

  it("default tree id and the category-not-supported error are the shapes the client reads", () => {
    expect(sample("auction/taxonomy_default_tree_id.json")).toEqual({
      categoryTreeId: "0",
      categoryTreeVersion: "130",
    });
    const error = sample("auction/error_category_not_supported.json") as { errors: { errorId: number }[] };
    expect(error.errors[0]!.errorId).toBe(13022);
    // The documented tree shape indexes into levels (root level 0 is not a category).
    const { nodes, roots } = AuctionTaxonomy.index({
      categoryTreeId: "0",
      rootCategoryNode: {
        category: { categoryId: "0", categoryName: "Root" },
        categoryTreeNodeLevel: 0,
        childCategoryTreeNodes: [
          {
            category: { categoryId: "58058", categoryName: "Computers/Tablets & Networking" },
            categoryTreeNodeLevel: 1,
            childCategoryTreeNodes: [
              {
                category: { categoryId: "175673", categoryName: "Components" },
                categoryTreeNodeLevel: 2,
                leafCategoryTreeNode: true,
              },
            ],
          },
        ],
      },
    });
    expect(roots).toEqual(["58058"]);
    expect(nodes.get("175673")).toMatchObject({ level: 2, parent: "58058" });
  });
});

describe("emporium (PA-API 5) samples", () => {
  it("SearchItems: wrapped attributes, buy-box price and saving basis, ancestor chain root first, refinements", () => {
    const result = SearchResultSchema.parse(
      paapiSearch(sample("emporium/search_items.json"), { query: "golang", page: 1, maxPage: 10 }),
    );
    const [item] = result.items;
    expect(item).toMatchObject({
      productId: "0134190440",
      title: "Go Programming Language, The (Addison-Wesley Professional Computing Series)",
      price: { amount: 26.49, currency: "USD" },
      originalPrice: { amount: 39.99, currency: "USD" },
      condition: "new",
      freeShipping: true,
      inStock: true,
      brand: "Addison-Wesley Professional",
    });
    expect(item!.category.map((c) => c.id)).toEqual(["283155", "1000", "5", "3952"]);
    expect(result.paging).toMatchObject({ totalResults: 146, page: 1 });
    expect(result.facets[0]).toMatchObject({
      id: "department",
      values: expect.arrayContaining([{ value: "KindleStore", label: "Kindle Store" }]),
    });
  });

  it("GetItems and GetVariations without offers cannot be priced and are not delivered; attributes still read", () => {
    const items = readItems(sample("emporium/get_items.json"));
    expect(items.map((i) => i.ASIN)).toEqual(["0805210318", "0892131349"]);
    expect(items.map(paapiItem)).toEqual([undefined, undefined]);
    const variations = readVariations(sample("emporium/get_variations.json"));
    expect(variations.map((v) => v.VariationAttributes?.[0]?.Value)).toEqual([
      "Green Camouflage",
      "Crystal",
      "Magma Red",
    ]);
  });

  it("GetBrowseNodes: the nested Ancestor chain becomes the path", () => {
    const list = CategoryListSchema.parse(
      normalizeBrowseNode(sample("emporium/get_browse_nodes.json"), undefined),
    );
    expect(list.path.map((p) => p.id)).toEqual([
      "468642",
      "11846801",
      "6427814011",
      "6427815011",
      "6427824011",
      "10111036011",
    ]);
    expect(list.categories).toEqual([]);
  });

  it("error bodies: ValidationException and TooManyRequestsException", () => {
    expect(sample("emporium/error_invalid_parameter.json")).toMatchObject({
      Errors: [{ Code: "InvalidParameterValue" }],
    });
    expect(sample("emporium/error_throttled.json")).toMatchObject({ Errors: [{ Code: "TooManyRequests" }] });
  });
});

describe("megastore (Walmart) samples", () => {
  it("search: numeric ids, string rating, category chain from categoryNode and categoryPath, 3P seller", () => {
    const result = SearchResultSchema.parse(
      walmartSearch([readWalmartSearch(sample("megastore/search_v1.json"))], {
        query: "iphone8",
        page: 1,
        pageSize: 50,
      }),
    );
    const [first, second] = result.items;
    expect(first).toMatchObject({
      productId: "504312210",
      price: { amount: 839.94 },
      originalPrice: { amount: 839.99 },
      rating: { average: 2, count: 1 },
      freeShipping: true,
      inStock: true,
      seller: { name: "Walmart.com" },
    });
    expect(first!.category).toEqual([
      { id: "1105910", name: "Cell Phones" },
      { id: "1105910_1231203", name: "Shop Phones by Operating System" },
      { id: "1105910_1231203_1231204", name: "Apple iOS" },
    ]);
    expect(second).toMatchObject({ seller: { name: "BREED" }, originalPrice: { amount: 1299.99 } });
    expect(second!.rating).toBeUndefined();
    expect(result.paging).toMatchObject({ totalResults: 1696, hasMore: true });
  });

  it("item as a product: the escaped HTML description becomes text", () => {
    const item = readWalmartSearch(sample("megastore/search_v1.json")).items![0]!;
    const product = ProductSchema.parse(walmartProduct(item, []));
    expect(product.description?.split("\n")[0]).toMatch(/^• 4\.7-inch widescreen LCD/);
    expect(product.images).toHaveLength(2);
  });

  it("taxonomy: departments and chains, the fixture's odd child included", () => {
    const roots = readTaxonomy(sample("megastore/taxonomy_v1.json"));
    expect(CategoryListSchema.parse(normalizeCategories(roots, undefined)).categories).toEqual([
      { id: "5438", name: "Apparel", hasChildren: true },
    ]);
    const accessories = normalizeCategories(roots, "5438_426265")!;
    expect(accessories.path).toEqual([
      { id: "5438", name: "Apparel" },
      { id: "5438_426265", name: "Accessories" },
    ]);
    expect(accessories.categories.map((c) => c.id)).toEqual(["5438_426265_1043621", "2636_1104695_1105670"]);
    expect(normalizeCategories(roots, "9999")).toBeUndefined();
    expect(categoryChain("1_2", "A/B/C")).toEqual([
      { id: "1", name: "1" },
      { id: "1_2", name: "1_2" },
    ]);
  });

  it("error bodies carry the code the client reads", () => {
    expect(sample("megastore/error_invalid_item.json")).toEqual({
      errors: [{ code: 4002, message: "Invalid itemId" }],
    });
    expect(sample("megastore/error_account_inactive.json")).toEqual({
      errors: [{ code: 403, message: "Account Inactive" }],
    });
  });
});

describe("storefront (Shopify) samples", () => {
  it("mock.shop products: the price from variants when priceRange was not asked", () => {
    const conn = readConnection(sample("storefront/products_mockshop.json"), "products");
    const { result } = normalizeConnection(conn, "https://mock.shop", {});
    expect(result.items.map((i) => [i.title, i.price])).toEqual([
      ["Slides", { amount: 25, currency: "CAD" }],
      ["Sweatpants", { amount: 35, currency: "CAD" }],
    ]);
    expect(result.items[0]!.url).toBe("https://mock.shop/products/7982853619734");
    const product = ProductSchema.parse(shopifyProduct(conn.edges![1]!.node, "https://mock.shop"));
    expect(product.variants.map((v) => v.productId)).toEqual([
      "gid://shopify/ProductVariant/43696926949398",
      "gid://shopify/ProductVariant/43695714500630",
    ]);
  });

  it("docs sample without the data envelope: titles only, so nothing deliverable, but the continuation is read", () => {
    const conn = readConnection(sample("storefront/products_after_cursor_docs.json"), "products");
    const { result, endCursor } = normalizeConnection(conn, "https://shop.example", {});
    expect(result.items).toEqual([]);
    expect(endCursor).toBe("eyJsYXN0X2lkIjo1Mzg4MjUyNjEsImxhc3RfdmFsdWUiOiI1Mzg4MjUyNjEifQ==");
  });

  it("collections docs sample as categories; the invalid-variable error shape", () => {
    const list = CategoryListSchema.parse(normalizeCollections(sample("storefront/collections_docs.json")));
    expect(list.categories.map((c) => c.id)).toEqual([
      "gid://shopify/Collection/547751128",
      "gid://shopify/Collection/585546552",
    ]);
    expect(list.categories.every((c) => c.browsable === true && c.hasChildren === false)).toBe(true);
    expect(sample("storefront/error_invalid_variable.json")).toMatchObject({
      errors: [{ message: expect.stringContaining("invalid value") }],
    });
  });
});

describe("crossborder (AliExpress) samples", () => {
  it("ds.text.search: wrapped list, target-currency prices, protocol-relative URL with two '?', cateId chain", () => {
    const body = sample("crossborder/ds_text_search.json") as { aliexpress_ds_text_search_response: unknown };
    const result = SearchResultSchema.parse(
      normalizeTextSearch(readTextSearch(body.aliexpress_ds_text_search_response), {
        query: "tapis",
        page: 1,
        pageSize: 3,
      }),
    );
    expect(result.items[0]).toMatchObject({
      productId: "1005006361450153",
      price: { amount: 3.29, currency: "EUR" },
      originalPrice: { amount: 9.4, currency: "EUR" },
    });
    expect(result.items[0]!.url).toBe(
      "https://www.aliexpress.com/item/1005006361450153.html?skuId=12000036893609536&pdp_ext_f=%7B%22sku_id%22%3A%2212000036893609536%22%7D&appkey=532390",
    );
    expect(result.items[0]!.category.map((c) => c.id)).toEqual(["15", "100006664", "200003691", "200003700"]);
    expect(result.paging).toMatchObject({ totalResults: 3984, hasMore: true });
  });

  it("ds.product.get: the whole variation matrix as SKUs without product ids, lowest SKU price", () => {
    const body = sample("crossborder/ds_product_get.json") as { aliexpress_ds_product_get_response: unknown };
    const product = ProductSchema.parse(
      aeProduct(readProductGet(body.aliexpress_ds_product_get_response), (id) => [{ id, name: id }]),
    );
    expect(product.variants).toHaveLength(3);
    expect(product.variants.every((v) => v.productId === undefined && v.sku)).toBe(true);
    expect(product.variants[0]).toMatchObject({
      attributes: { Couleur: "Bear", Spécification: "500MMx800MM" },
      price: { amount: 8.01, currency: "EUR" },
      originalPrice: { amount: 22.23 },
      quantity: 27,
    });
    expect(product.price).toEqual({ amount: 5.19, currency: "EUR" });
    expect(product.images).toHaveLength(6);
    expect(product.rating).toEqual({ average: 4.6, count: 1446 });
    // "Nom de marque: NONE" is no brand.
    expect(product.brand).toBeUndefined();
    expect(product.shipping).toEqual([{ toCountry: "FR", maxDays: 7 }]);
  });

  it("ds.freight.query: shipping_fee_cent holds a decimal amount", () => {
    const body = sample("crossborder/ds_freight_query.json") as {
      aliexpress_ds_freight_query_response: unknown;
    };
    expect(normalizeFreight(body.aliexpress_ds_freight_query_response, "FR")).toEqual([
      { toCountry: "FR", free: false, cost: { amount: 1.99, currency: "EUR" }, minDays: 6, maxDays: 8 },
    ]);
  });

  it("gateway errors: signature and call limit", () => {
    expect(sample("crossborder/error_incomplete_signature.json")).toMatchObject({
      error_response: { code: "IncompleteSignature" },
    });
    expect(sample("crossborder/error_api_call_limit.json")).toMatchObject({
      error_response: { code: "ApiCallLimit" },
    });
    expect(count("5,000+")).toBe(5000);
    expect(itemUrl("//a.com/x?y=1?z=2")).toBe("https://a.com/x?y=1&z=2");
  });
});

describe("coverage of the samples", () => {
  it("every file under fixtures/upstream is read by a test above", () => {
    const all = readdirSync(DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"));
    expect(all.filter((f) => !covered.has(f)).sort()).toEqual([]);
  });
});
