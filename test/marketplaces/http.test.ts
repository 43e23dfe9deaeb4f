import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplaceModules } from "../../server/marketplaces/index.ts";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import { ErrorBodySchema, type ErrorCode } from "../../src/contract/errors.ts";
import { MarketplaceListSchema, SearchResultSchema } from "../../src/contract/marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { asQuery, type Live, liveModules, type Params } from "./support.ts";

/**
 * The marketplaces through the real gateway (app.request): the spec's rules in both forms, every code
 * of the Request, Coverage, Upstream and Crossborder tables, and billing by balance differences.
 */
let live: Live;
let t: TestApp;
let key = "";
let accountId = "";

beforeAll(async () => {
  live = await liveModules({ warm: true });
  const modules = createMarketplaceModules({
    upstreams: live.upstreams,
    timeoutMs: 1500,
    cursorSecret: "http-test-cursor-secret",
  });
  t = await createTestApp({
    marketplaces: modules,
    env: { DEFAULT_RATE_PER_SECOND: "100000", CAPACITY_PER_MARKETPLACE: "1000", CAPACITY_GLOBAL: "1000" },
  });
  ({ key, accountId } = await t.admin.customer("100.00"));
  // The auction's category tree loads at start-up; wait for it as a server would before taking traffic.
  await (modules.auction as unknown as { taxonomy: { ensure(c: unknown): Promise<void> } }).taxonomy.ensure({
    signal: new AbortController().signal,
    requestId: "warm",
    now: () => new Date(),
  });
});
afterAll(async () => {
  await t?.close();
  await live?.close();
});

const get = async (path: string, params: Params = {}): Promise<Response> => {
  const qs = new URLSearchParams(asQuery(params)).toString();
  return t.request(`${path}${qs ? `?${qs}` : ""}`, { headers: { "x-api-key": key } });
};
const post = async (path: string, params: Params): Promise<Response> =>
  t.json(path, params, { headers: { "x-api-key": key } });
const balance = async () => (await t.admin.account(accountId)).balanceMicros;

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json());
}

/** [path, params, status, code, name in the message]: each is sent as a GET and as a POST. */
const RULES: [string, Params, number, ErrorCode, string?][] = [
  ["/v1/emporium/search", {}, 400, "QUERY_REQUIRED", "query"],
  ["/v1/emporium/search", { query: "k", ratingMin: 3 }, 400, "INVALID_PARAMS", "ratingMin"],
  ["/v1/emporium/search", { query: "k", pageSize: 20 }, 400, "INVALID_PARAMS", "pageSize"],
  ["/v1/emporium/search", { query: "k", cursor: "c" }, 400, "INVALID_PARAMS", "cursor"],
  ["/v1/emporium/search", { query: "k", condition: "new" }, 400, "INVALID_PARAMS", "condition"],
  ["/v1/emporium/search", { query: "k", freeShipping: true }, 400, "INVALID_PARAMS", "freeShipping"],
  ["/v1/emporium/search", { query: "k", inStock: true }, 400, "INVALID_PARAMS", "inStock"],
  ["/v1/emporium/search", { query: "k", priceMin: -1 }, 400, "INVALID_PARAMS", "priceMin"],
  ["/v1/emporium/search", { query: "k", sort: "ending_soonest" }, 400, "INVALID_PARAMS", "sort"],
  ["/v1/emporium/browse", {}, 400, "CATEGORY_REQUIRED", "categoryId"],
  ["/v1/emporium/browse", { categoryId: "3100000011", query: "k" }, 400, "INVALID_PARAMS", "query"],
  ["/v1/emporium/browse", { categoryId: "electronics" }, 400, "CATEGORY_NOT_BROWSABLE", "electronics"],
  ["/v1/emporium/image-search", { query: "k" }, 404, "UNKNOWN_OPERATION"],
  ["/v1/emporium/search", { query: "k", region: "DE" }, 501, "OPERATION_UNSUPPORTED", "region"],
  ["/v1/emporium/product", { productId: "not-an-asin" }, 400, "INVALID_PRODUCT_ID", "productId"],
  ["/v1/auction/search", {}, 400, "QUERY_REQUIRED"],
  ["/v1/auction/search", { query: "g", pageSize: 300 }, 400, "INVALID_PARAMS", "pageSize"],
  ["/v1/auction/search", { query: "g", currency: "EUR" }, 400, "INVALID_PARAMS", "currency"],
  ["/v1/auction/search", { query: "g", ratingMin: 4 }, 400, "INVALID_PARAMS", "ratingMin"],
  ["/v1/auction/search", { query: "g", condition: "broken" }, 400, "INVALID_PARAMS", "condition"],
  ["/v1/auction/browse", { categoryId: "bn_1865326" }, 400, "CATEGORY_NOT_BROWSABLE", "bn_1865326"],
  ["/v1/auction/browse", { categoryId: "21871", query: "g" }, 400, "INVALID_PARAMS", "query"],
  ["/v1/auction/categories", { browsableOnly: true }, 400, "BROWSABLE_ONLY_UNAVAILABLE", "browsableOnly"],
  ["/v1/auction/categories", { categoryId: "424242" }, 400, "INVALID_PARAMS", "categoryId"],
  ["/v1/megastore/search", { query: "tv", ratingMin: 7 }, 400, "INVALID_PARAMS", "ratingMin"],
  ["/v1/megastore/search", { query: "tv", pageSize: 50 }, 400, "INVALID_PARAMS", "pageSize"],
  ["/v1/megastore/browse", { categoryId: "1000076_1100000", page: 2 }, 400, "PAGE_NOT_SUPPORTED", "page"],
  ["/v1/megastore/image-search", {}, 404, "UNKNOWN_OPERATION"],
  ["/v1/megastore/categories", { region: "MX" }, 501, "OPERATION_UNSUPPORTED", "region"],
  ["/v1/storefront/image-search", { query: "x" }, 400, "IMAGE_REQUIRED", "image"],
  ["/v1/storefront/search", { query: "x", page: 2 }, 400, "PAGE_NOT_SUPPORTED", "page"],
  ["/v1/storefront/search", { query: "x", condition: "refurbished" }, 400, "INVALID_PARAMS", "refurbished"],
  ["/v1/storefront/search", { query: "x", cursor: "forged-cursor" }, 400, "INVALID_CURSOR", "cursor"],
  // Issue 16 item 9: a blank query is an absent one; a cursor that cannot be one is INVALID_CURSOR.
  ["/v1/emporium/search", { query: "   " }, 400, "QUERY_REQUIRED", "query"],
  ["/v1/storefront/search", { query: "x", cursor: "ab\u0001cd" }, 400, "INVALID_CURSOR", "cursor"],
  ["/v1/storefront/search", { query: "x", cursor: "c".repeat(8192) }, 400, "INVALID_CURSOR", "cursor"],
  [
    "/v1/megastore/browse",
    { categoryId: "1000076_1100000", cursor: "c".repeat(8192) },
    400,
    "INVALID_CURSOR",
  ],
  ["/v1/storefront/product", { productId: "shoes" }, 400, "INVALID_PRODUCT_ID"],
  ["/v1/crossborder/search", { query: "x", currency: "XAU" }, 400, "CURRENCY_NOT_SUPPORTED", "XAU"],
  ["/v1/crossborder/reviews", { productId: "1005008177221739" }, 404, "UNKNOWN_OPERATION"],
  ["/v1/crossborder/browse", {}, 400, "CATEGORY_REQUIRED"],
  ["/v1/souk/search", { query: "x" }, 404, "UNKNOWN_MARKETPLACE"],
];

describe("rules through HTTP, GET and POST", () => {
  it.each(RULES)("%s %j → %i %s", async (path, params, status, code, name) => {
    const before = await balance();
    for (const res of [await get(path, params), await post(path, params)]) {
      expect(res.status).toBe(status);
      const body = await errorOf(res);
      expect(body.error.code).toBe(code);
      expect(body.requestId).toMatch(/.+/);
      if (name) expect(body.error.message).toContain(name);
    }
    // Refused calls are never billed.
    expect(await balance()).toBe(before);
  });

  it("refuses a repeated one-value name or a list where one value belongs, never merged, never charged", async () => {
    const before = await balance();
    const headers = { "x-api-key": key };
    for (const res of [
      await t.request("/v1/emporium/search?query=a&query=b", { headers }),
      await t.request("/v1/auction/search?query=a&page=2&page=3", { headers }),
      await post("/v1/auction/search", { query: "a", page: [2] }),
      await post("/v1/emporium/search", { query: ["a"] }),
    ]) {
      expect(res.status).toBe(400);
      const body = await errorOf(res);
      expect(body.error.code).toBe("INVALID_PARAMS");
      expect(body.error.message).toMatch(/^(query|page): expected one value/);
    }
    // A list parameter still takes every occurrence.
    expect((await t.request("/v1/megastore/search?query=tv&brands=a&brands=b", { headers })).status).toBe(
      200,
    );
    expect(await balance()).toBe(before - 1000);
  });

  it("lists the marketplaces", async () => {
    const res = await get("/v1/marketplaces");
    const list = MarketplaceListSchema.parse(((await res.json()) as { data: unknown }).data);
    expect(list.marketplaces.map((m) => m.id).sort()).toEqual([
      "auction",
      "crossborder",
      "emporium",
      "megastore",
      "storefront",
    ]);
    expect(list.marketplaces.find((m) => m.id === "emporium")!.operations).not.toContain("image-search");
  });
});

describe("billing by balance differences", () => {
  async function cost(send: () => Promise<Response>, status = 200) {
    const before = await balance();
    const res = await send();
    expect(res.status, await res.clone().text()).toBe(status);
    return { res, spent: before - (await balance()) };
  }

  it("1 unit for a search, 2 with brands, with facets or with the rail; each page separately", async () => {
    const plain = await cost(() => get("/v1/emporium/search", { query: "lamp" }));
    expect(plain.spent).toBe(1000);
    expect(plain.res.headers.get("x-service-units")).toBe("1");
    const data = SearchResultSchema.parse(((await plain.res.json()) as { data: unknown }).data);
    expect(
      (await cost(() => post("/v1/emporium/search", { query: "lamp", brands: [data.items[0]!.brand!] })))
        .spent,
    ).toBe(2000);
    expect((await cost(() => get("/v1/emporium/search", { query: "lamp", include: ["facets"] }))).spent).toBe(
      2000,
    );
    expect(
      (
        await cost(() =>
          post("/v1/emporium/browse", {
            categoryId: "3100000011",
            facets: [{ id: "brand", value: "Norvale" }],
          }),
        )
      ).spent,
    ).toBe(2000);
    expect((await cost(() => get("/v1/emporium/search", { query: "lamp", page: 2 }))).spent).toBe(1000);
    expect((await cost(() => get("/v1/auction/search", { query: "lamp", pageSize: 240 }))).spent).toBe(1000);
  });

  it("auction categories: 1 unit down to level three, 2 for a descent below it", async () => {
    const root = (
      (await (await get("/v1/auction/categories")).json()) as { data: { categories: { id: string }[] } }
    ).data;
    const department = root.categories.find((c) => !c.id.startsWith("bn_"))!.id;
    const l1 = await cost(() => get("/v1/auction/categories", { categoryId: department }));
    expect(l1.spent).toBe(1000);
    const level2 = ((await l1.res.json()) as { data: { categories: { id: string }[] } }).data.categories[0]!
      .id;
    const l2 = await cost(() => post("/v1/auction/categories", { categoryId: level2 }));
    const level3 = ((await l2.res.json()) as { data: { categories: { id: string }[] } }).data.categories[0]!
      .id;
    expect(l2.spent).toBe(1000);
    const l3 = await cost(() => get("/v1/auction/categories", { categoryId: level3 }));
    expect(l3.spent).toBe(2000);
    expect(l3.res.headers.get("x-service-units")).toBe("2");
  });

  it("nothing for a 400, a failed upstream call, a timeout or a throttled call", async () => {
    expect((await cost(() => get("/v1/megastore/search", { brands: ["x"] }), 400)).spent).toBe(0);
    live.sandbox.faults.inject("megastore", "error", 2, 500);
    expect((await cost(() => get("/v1/megastore/search", { query: "tv" }), 502)).spent).toBe(0);
    live.sandbox.faults.clear("megastore");
    live.sandbox.faults.inject("emporium", "timeout");
    expect((await cost(() => post("/v1/emporium/search", { query: "tv" }), 502)).spent).toBe(0);
    live.sandbox.faults.inject("crossborder", "throttle");
    expect((await cost(() => get("/v1/crossborder/search", { query: "耳机" }), 429)).spent).toBe(0);
  });
});

describe("the Coverage, Upstream and Crossborder codes through HTTP", () => {
  const expectError = async (res: Response, status: number, code: ErrorCode) => {
    const body = await errorOf(res);
    expect({ status: res.status, code: body.error.code }).toEqual({ status, code });
    return { body, res };
  };

  it("upstream faults: UPSTREAM_* and SERVICE_UNAVAILABLE, with the marketplace's code in body and header", async () => {
    const cases: [Parameters<typeof live.sandbox.faults.inject>[1], number | undefined, number, ErrorCode][] =
      [
        ["refuse", undefined, 502, "UPSTREAM_UNAVAILABLE"],
        ["truncate", undefined, 502, "UPSTREAM_READ_FAILED"],
        ["garbage", undefined, 502, "UPSTREAM_ERROR"],
        ["timeout", undefined, 502, "UPSTREAM_TIMEOUT"],
        ["error", 503, 503, "SERVICE_UNAVAILABLE"],
        ["error", 500, 502, "UPSTREAM_ERROR"],
      ];
    for (const [kind, status, httpStatus, code] of cases) {
      live.sandbox.faults.inject("emporium", kind, 1, status);
      await expectError(await get("/v1/emporium/search", { query: "lamp" }), httpStatus, code);
    }
    live.sandbox.faults.inject("auction", "error", 1, 500);
    const { body, res } = await expectError(
      await get("/v1/auction/product", { productId: catalogOf("auction").products[1]!.id }),
      502,
      "UPSTREAM_ERROR",
    );
    expect(body.upstreamCode).toBe("10001");
    expect(res.headers.get("x-service-upstream-code")).toBe("10001");
  });

  it("a throttling marketplace is MARKETPLACE_SATURATED with Retry-After", async () => {
    live.sandbox.faults.inject("auction", "throttle");
    const { res, body } = await expectError(
      await post("/v1/auction/search", { query: "lamp" }),
      429,
      "MARKETPLACE_SATURATED",
    );
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(body.upstreamCode).toBe("2001");
  });

  it("crossborder: ITEM_NOT_FOUND 404, PROHIBITED_COUNTRY 403, TOKEN_EXPIRED 503, each with upstreamCode", async () => {
    const missing = await expectError(
      await get("/v1/crossborder/product", { productId: "1005000000000001" }),
      404,
      "ITEM_NOT_FOUND",
    );
    expect(missing.res.headers.get("x-service-upstream-code")).toBe("605");
    const banned = catalogOf("crossborder").products.find((p) => p.prohibitedCountries.length > 0)!;
    const prohibited = await expectError(
      await post("/v1/crossborder/product", { productId: banned.id, region: banned.prohibitedCountries[0] }),
      403,
      "PROHIBITED_COUNTRY",
    );
    expect(prohibited.body.upstreamCode).toBe("602");
    live.sandbox.faults.inject("crossborder", "token-expired");
    const expired = await expectError(
      await get("/v1/crossborder/product", { productId: banned.id }),
      503,
      "TOKEN_EXPIRED",
    );
    expect(expired.body.upstreamCode).toBe("IllegalAccessToken");
  });

  it("PRODUCT_NOT_FOUND, REVIEWS_NOT_FOUND and the 501 coverage codes", async () => {
    await expectError(await get("/v1/megastore/product", { productId: "42" }), 404, "PRODUCT_NOT_FOUND");
    const products = catalogOf("storefront").products;
    const byApp = (app: string, rated: boolean) =>
      products.find((p) => p.reviewApp === app && p.ratingCount > 0 === rated)!.id;
    await expectError(
      await get("/v1/storefront/reviews", { productId: byApp("yotpo", true) }),
      501,
      "REVIEW_APP_UNSUPPORTED",
    );
    await expectError(
      await post("/v1/storefront/reviews", { productId: byApp("none", true) }),
      501,
      "REVIEWS_UNREACHABLE",
    );
    await expectError(
      await get("/v1/storefront/reviews", { productId: products.find((p) => p.ratingCount === 0)!.id }),
      404,
      "REVIEWS_NOT_FOUND",
    );
    const reviews = await post("/v1/storefront/reviews", { productId: byApp("marketlens", true) });
    expect(reviews.status).toBe(200);
  });

  it("a cursor travels: the next page by GET with the cursor a POST answered", async () => {
    const first = (await (await post("/v1/storefront/search", { query: "ワイヤレス" })).json()) as {
      data: { paging: { nextCursor: string }; items: { productId: string }[] };
    };
    const second = await get("/v1/storefront/search", {
      query: "ワイヤレス",
      cursor: first.data.paging.nextCursor,
    });
    expect(second.status).toBe(200);
    const items = ((await second.json()) as { data: { items: { productId: string }[] } }).data.items;
    expect(items[0]!.productId).not.toBe(first.data.items[0]!.productId);
  });

  it("image search by POST with a re-encoded catalog image finds the product, for 1 unit", async () => {
    const product = catalogOf("crossborder").products[321]!;
    const original = await loadImage(drawProductImage(product, 0, "zh").toBuffer("image/jpeg", 90));
    const canvas = createCanvas(360, 360);
    canvas.getContext("2d").drawImage(original, 0, 0, 360, 360);
    const before = await balance();
    const res = await post("/v1/crossborder/image-search", {
      image: { contentType: "image/webp", data: canvas.toBuffer("image/webp", 75).toString("base64") },
    });
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { data: { items: { productId: string }[] } }).data.items[0]!.productId,
    ).toBe(product.id);
    expect(before - (await balance())).toBe(1000);
  });
});
