import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEGACY_PATHS,
  legacyHeaders,
  legacyIsLive,
  legacySuccessor,
  prepareLegacy,
  SUNSET,
} from "../../server/marketplaces/index.ts";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { ctx, type Live, liveModules } from "./support.ts";

/** Spec: Versioning. The deprecated unversioned crossborder endpoints and the old-path table. */
const BEFORE = new Date("2026-06-01T00:00:00Z");
const AFTER = new Date("2026-10-20T00:00:00Z");

describe("old paths and their /v1 successors", () => {
  it("names a successor for every old path; visual-search became image-search", () => {
    expect(legacySuccessor("/crossborder/visual-search")).toBe("/v1/crossborder/image-search");
    expect(legacySuccessor("/storefront/visual-search/")).toBe("/v1/storefront/image-search");
    // Where no visual search exists, a keyword query is the way.
    expect(legacySuccessor("/emporium/visual-search")).toBe("/v1/emporium/search");
    expect(legacySuccessor("/crossborder/keyword-search")).toBe("/v1/crossborder/search");
    expect(legacySuccessor("/crossborder/product-details")).toBe("/v1/crossborder/product");
    expect(legacySuccessor("/megastore/product-reviews")).toBe("/v1/megastore/reviews");
    expect(legacySuccessor("/crossborder/reviews")).toBe("/v1/crossborder/product");
    expect(legacySuccessor("/marketplaces")).toBe("/v1/marketplaces");
    expect(legacySuccessor("/crossborder/never-existed")).toBeUndefined();
    for (const entry of LEGACY_PATHS) expect(entry.successor).toMatch(/^\/v1\/[a-z]+(\/[a-z-]+)?$/);
    expect(
      LEGACY_PATHS.filter((e) => e.live)
        .map((e) => e.path)
        .sort(),
    ).toEqual(["/crossborder/image-search", "/crossborder/keyword-search", "/crossborder/product-details"]);
  });

  it("the three live ones answer until the sunset date, and only they", () => {
    expect(legacyIsLive("/crossborder/keyword-search", BEFORE)).toBe(true);
    expect(legacyIsLive("/crossborder/keyword-search", AFTER)).toBe(false);
    expect(legacyIsLive("/crossborder/visual-search", BEFORE)).toBe(false);
    expect(legacyIsLive("/storefront/image-search", BEFORE)).toBe(false);
  });

  it("deprecation headers: RFC 9745 Deprecation, RFC 8594 Sunset on 20 October 2026, Link to the successor", () => {
    const headers = legacyHeaders("product-details");
    expect(headers.deprecation).toMatch(/^@\d+$/);
    expect(headers.sunset).toBe("Tue, 20 Oct 2026 00:00:00 GMT");
    expect(headers.link).toContain('</v1/crossborder/product>; rel="successor-version"');
    expect(SUNSET.toISOString()).toBe("2026-10-20T00:00:00.000Z");
  });
});

describe("deprecated crossborder endpoints", () => {
  let live: Live;
  beforeAll(async () => {
    live = await liveModules();
  });
  afterAll(() => live.close());

  it("keyword-search and product-details answer in AliExpress's own shape before the sunset", async () => {
    const search = prepareLegacy(
      live.modules.crossborder,
      "keyword-search",
      { form: "query", params: { query: "耳机", pageSize: "5" } },
      BEFORE,
    );
    expect(search.units).toBe(1);
    const raw = search.schema.parse(await search.run(ctx())) as {
      aliexpress_ds_text_search_response: {
        code: string;
        data: { products: { selection_search_product: unknown[] } };
      };
    };
    expect(raw.aliexpress_ds_text_search_response.code).toBe("00");
    expect(raw.aliexpress_ds_text_search_response.data.products.selection_search_product).toHaveLength(5);
    const item = catalogOf("crossborder").products.find((p) => p.prohibitedCountries.length === 0)!;
    const details = prepareLegacy(
      live.modules.crossborder,
      "product-details",
      { form: "json", params: { productId: item.id } },
      BEFORE,
    );
    const product = (await details.run(ctx())) as {
      aliexpress_ds_product_get_response: { rsp_code: number; result: { ae_item_sku_info_dtos: unknown } };
    };
    expect(product.aliexpress_ds_product_get_response.rsp_code).toBe(200);
    expect(product.aliexpress_ds_product_get_response.result.ae_item_sku_info_dtos).toHaveProperty(
      "ae_item_sku_info_d_t_o",
    );
    const missing = prepareLegacy(
      live.modules.crossborder,
      "product-details",
      { form: "json", params: { productId: "1005000000000001" } },
      BEFORE,
    );
    await expect(missing.run(ctx())).rejects.toMatchObject({ code: "ITEM_NOT_FOUND" });
  });

  it("apply the same rules as /v1 and answer NOT_IN_V1 with the successor from the sunset on", () => {
    expect(() =>
      prepareLegacy(live.modules.crossborder, "keyword-search", { form: "query", params: {} }, BEFORE),
    ).toThrowError(expect.objectContaining({ code: "QUERY_REQUIRED" }));
    expect(() =>
      prepareLegacy(live.modules.crossborder, "image-search", { form: "json", params: {} }, BEFORE),
    ).toThrowError(expect.objectContaining({ code: "IMAGE_REQUIRED" }));
    expect(() =>
      prepareLegacy(
        live.modules.crossborder,
        "keyword-search",
        { form: "query", params: { query: "x" } },
        AFTER,
      ),
    ).toThrowError(expect.objectContaining({ code: "NOT_IN_V1", successor: "/v1/crossborder/search" }));
    expect(() =>
      prepareLegacy(live.modules.crossborder, "visual-search", { form: "query", params: {} }, BEFORE),
    ).toThrowError(expect.objectContaining({ code: "NOT_FOUND" }));
    expect(() =>
      prepareLegacy(
        live.modules.emporium,
        "keyword-search",
        { form: "query", params: { query: "x" } },
        BEFORE,
      ),
    ).toThrowError(expect.objectContaining({ code: "NOT_FOUND" }));
  });
});

describe("deprecated crossborder endpoints through HTTP", () => {
  let live: Live;
  let now = BEFORE;
  let t: TestApp;
  beforeAll(async () => {
    live = await liveModules();
    t = await createTestApp({ marketplaces: live.modules, clock: () => now });
  });
  afterAll(async () => {
    await t.close();
    await live.close();
  });

  it("before the sunset: the raw AliExpress answer, deprecation headers, charged like /v1", async () => {
    now = BEFORE;
    const { accountId, key } = await t.admin.customer("1.00");
    const res = await t.request("/crossborder/keyword-search?query=%E8%80%B3%E6%9C%BA&pageSize=3", {
      headers: { "x-api-key": key },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, { code: string }>;
    expect(body.aliexpress_ds_text_search_response?.code).toBe("00");
    expect(res.headers.get("sunset")).toBe("Tue, 20 Oct 2026 00:00:00 GMT");
    expect(res.headers.get("deprecation")).toMatch(/^@\d+$/);
    expect(res.headers.get("link")).toContain('</v1/crossborder/search>; rel="successor-version"');
    expect(res.headers.get("x-service-request-id")).toMatch(/^req_/);
    expect((await t.admin.account(accountId)).balanceMicros).toBe(999_000);
    // Still a charged call behind a key: no key, no answer.
    expect((await t.request("/crossborder/keyword-search?query=x")).status).toBe(401);
  });

  it("from the sunset on: 404 NOT_IN_V1 naming the successor, with or without a key", async () => {
    now = AFTER;
    for (const [path, successor] of [
      ["/crossborder/keyword-search?query=x", "/v1/crossborder/search"],
      ["/crossborder/product-details?productId=1", "/v1/crossborder/product"],
      ["/crossborder/image-search", "/v1/crossborder/image-search"],
    ] as const) {
      const res = await t.request(path);
      const body = ErrorBodySchema.parse(await res.json());
      expect({ status: res.status, code: body.error.code, successor: body.successor }).toEqual({
        status: 404,
        code: "NOT_IN_V1",
        successor,
      });
      expect(res.headers.get("link")).toBe(`<${successor}>; rel="successor-version"`);
    }
  });
});
