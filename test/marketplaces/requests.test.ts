import { createHmac, createPrivateKey, createPublicKey, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EbayClient } from "../../server/marketplaces/auction/client.ts";
import { planSearch as auctionPlan } from "../../server/marketplaces/auction/rules.ts";
import { IopClient, iopSign } from "../../server/marketplaces/crossborder/client.ts";
import { PaapiClient } from "../../server/marketplaces/emporium/client.ts";
import { searchItemsPayload } from "../../server/marketplaces/emporium/index.ts";
import { planSearch as emporiumPlan } from "../../server/marketplaces/emporium/rules.ts";
import { signV4 } from "../../server/marketplaces/emporium/sigv4.ts";
import { walmartHeaders } from "../../server/marketplaces/megastore/client.ts";
import { CursorCodec } from "../../server/marketplaces/shared/cursor.ts";
import { fetchTransport } from "../../server/marketplaces/shared/upstream.ts";
import { ShopifyClient } from "../../server/marketplaces/storefront/client.ts";
import { generateCredentials } from "../../server/sandbox/credentials.ts";
import { call, type Live, liveModules } from "./support.ts";

/**
 * Each adapter's outgoing request against its API's documentation: paths, parameters, headers and
 * signatures. Signers are checked against published vectors; the sandbox then verifies real requests.
 */
const runtime = {
  transport: fetchTransport(fetch),
  now: () => new Date("2024-05-01T12:00:00Z"),
  timeoutMs: 1000,
  cursors: new CursorCodec("x".repeat(20)),
};

describe("AWS Signature Version 4 (PA-API)", () => {
  it("matches AWS's published GET Object example (S3 docs, 20130524)", () => {
    const signed = signV4(
      {
        method: "GET",
        url: "https://examplebucket.s3.amazonaws.com/test.txt",
        headers: {
          range: "bytes=0-9",
          "x-amz-content-sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        },
        body: "",
      },
      {
        accessKey: "AKIAIOSFODNN7EXAMPLE",
        secretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
        service: "s3",
      },
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(signed.stringToSign.split("\n")[3]).toBe(
      "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972",
    );
    expect(signed.signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });

  it("matches the SigV4 test suite's get-vanilla case", () => {
    const signed = signV4(
      { method: "GET", url: "https://example.amazonaws.com/", headers: {}, body: "" },
      {
        accessKey: "AKIDEXAMPLE",
        secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
        service: "service",
      },
      new Date("2015-08-30T12:36:00Z"),
    );
    expect(signed.signature).toBe("5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
    expect(signed.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
  });

  it("PA-API SearchItems: POST /paapi5/searchitems, x-amz-target, amz-1.0, signed scope, partner fields, cents", () => {
    const client = new PaapiClient(
      {
        url: "https://webservices.amazon.com",
        accessKey: "AKIAEXAMPLE",
        secretKey: "secret",
        partnerTag: "mytag-20",
        region: "us-east-1",
        marketplace: "www.amazon.com",
        country: "US",
      },
      runtime,
    );
    const plan = emporiumPlan(
      {
        query: "kettle",
        page: 2,
        priceMin: 10.5,
        priceMax: 20,
        ratingMin: 4,
        sort: "price_asc",
        brands: ["Norvale"],
      },
      false,
      { country: "US" },
    );
    const request = client.buildRequest("SearchItems", searchItemsPayload(plan), runtime.now());
    expect(request.url).toBe("https://webservices.amazon.com/paapi5/searchitems");
    expect(request.headers).toMatchObject({
      "content-encoding": "amz-1.0",
      "content-type": "application/json; charset=utf-8",
      "x-amz-target": "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.SearchItems",
      "x-amz-date": "20240501T120000Z",
    });
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/20240501\/us-east-1\/ProductAdvertisingAPI\/aws4_request, SignedHeaders=content-encoding;content-type;host;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(request.body)).toMatchObject({
      Keywords: "kettle",
      ItemPage: 2,
      MinPrice: 1050,
      MaxPrice: 2000,
      MinReviewsRating: 4,
      SortBy: "Price:LowToHigh",
      Brand: "Norvale",
      PartnerTag: "mytag-20",
      PartnerType: "Associates",
      Marketplace: "www.amazon.com",
    });
  });
});

describe("eBay Browse and OAuth", () => {
  const client = new EbayClient(
    { url: "https://api.ebay.com", clientId: "App-ID", clientSecret: "Cert-ID", marketplaceId: "EBAY_US" },
    runtime,
  );

  it("client-credentials token request: Basic auth of id:secret, form grant and the public scope", () => {
    const request = client.tokenRequest();
    expect(request.url).toBe("https://api.ebay.com/identity/v1/oauth2/token");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("App-ID:Cert-ID").toString("base64")}`);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: "client_credentials",
      scope: "https://api.ebay.com/oauth/api_scope",
    });
  });

  it("item_summary/search: q, category_ids, filter syntax, aspect_filter, sort, limit/offset, fieldgroups", () => {
    const plan = auctionPlan(
      {
        query: "gpu",
        categoryId: "27386",
        brands: ["Dell", "NVIDIA"],
        condition: "used",
        freeShipping: true,
        priceMin: 10,
        priceMax: 50,
        sort: "price_desc",
        page: 2,
        pageSize: 120,
      },
      false,
      "EBAY_US",
    );
    const q = client.searchQuery(plan, plan.requests[0]!);
    expect(Object.fromEntries(q)).toEqual({
      q: "gpu",
      category_ids: "27386",
      filter: "price:[10..50],priceCurrency:USD,maxDeliveryCost:0,conditionIds:{3000|4000|5000|6000}",
      aspect_filter: "categoryId:27386,Brand:{Dell|NVIDIA}",
      sort: "-price",
      limit: "120",
      offset: "120",
      fieldgroups:
        "MATCHING_ITEMS,ASPECT_REFINEMENTS,CATEGORY_REFINEMENTS,CONDITION_REFINEMENTS,BUYING_OPTION_REFINEMENTS",
    });
    expect(client.endUserContext({ ...plan, region: "US" })).toEqual({
      "x-ebay-c-enduserctx": "contextualLocation=country%3DUS",
    });
  });
});

describe("Walmart affiliate signature", () => {
  it("signs consumerId, timestamp and key version, newline-terminated, RSA-SHA256, base64", async () => {
    const { credentials, secrets } = await generateCredentials();
    const key = credentials.megastore;
    const now = new Date("2024-05-01T12:00:00Z");
    const headers = walmartHeaders(key, createPrivateKey(key.privateKey), now);
    expect(headers["WM_CONSUMER.ID"]).toBe(key.consumerId);
    expect(headers["WM_CONSUMER.INTIMESTAMP"]).toBe(String(now.getTime()));
    expect(headers["WM_SEC.KEY_VERSION"]).toBe("1");
    const canonical = `${key.consumerId}\n${now.getTime()}\n1\n`;
    expect(
      verify(
        "RSA-SHA256",
        Buffer.from(canonical),
        createPublicKey(secrets.megastorePublicKey),
        Buffer.from(headers["WM_SEC.AUTH_SIGNATURE"]!, "base64"),
      ),
    ).toBe(true);
    expect(
      verify(
        "RSA-SHA256",
        Buffer.from(`${key.consumerId}\n${now.getTime() + 1}\n1\n`),
        createPublicKey(secrets.megastorePublicKey),
        Buffer.from(headers["WM_SEC.AUTH_SIGNATURE"]!, "base64"),
      ),
    ).toBe(false);
  });
});

describe("Shopify Storefront", () => {
  it("POST /api/<version>/graphql.json with the Storefront token header and {query, variables}", () => {
    const client = new ShopifyClient(
      { url: "https://shop.myshopify.com/", accessToken: "tok", apiVersion: "2025-01" },
      runtime,
    );
    const request = client.buildRequest("query { shop { name } }", { first: 2 });
    expect(request.url).toBe("https://shop.myshopify.com/api/2025-01/graphql.json");
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "x-shopify-storefront-access-token": "tok",
    });
    expect(JSON.parse(request.body)).toEqual({ query: "query { shop { name } }", variables: { first: 2 } });
  });
});

describe("AliExpress IOP signing", () => {
  it("sign = upper-case hex HMAC-SHA256 of sorted key+value pairs, keyed with the app secret", () => {
    // The documented recipe, written out independently of the client.
    const params = {
      method: "aliexpress.ds.product.get",
      app_key: "12345",
      timestamp: "1714564800000",
      sign_method: "sha256",
      product_id: "1005008177221739",
      access_token: "tok",
    };
    const text =
      "access_token" +
      "tok" +
      "app_key" +
      "12345" +
      "method" +
      "aliexpress.ds.product.get" +
      "product_id" +
      "1005008177221739" +
      "sign_method" +
      "sha256" +
      "timestamp" +
      "1714564800000";
    const expected = createHmac("sha256", "appsecret").update(text).digest("hex").toUpperCase();
    expect(iopSign(params, "appsecret")).toBe(expected);
    expect(iopSign({ ...params, sign: "ignored" }, "appsecret")).toBe(expected);
  });

  it("the request: POST /sync, form body with method, app key, ms timestamp, sha256 and the sign", () => {
    const client = new IopClient(
      { url: "https://api-sg.aliexpress.com", appKey: "12345", appSecret: "appsecret", accessToken: "tok" },
      runtime,
    );
    const request = client.buildRequest(
      "aliexpress.ds.text.search",
      { keyWord: "mat", local: "en_US", countryCode: "US", currency: "USD" },
      runtime.now(),
    );
    expect(request.url).toBe("https://api-sg.aliexpress.com/sync");
    const form = Object.fromEntries(new URLSearchParams(request.body));
    expect(form).toMatchObject({
      method: "aliexpress.ds.text.search",
      app_key: "12345",
      timestamp: "1714564800000",
      sign_method: "sha256",
      access_token: "tok",
      keyWord: "mat",
    });
    const { sign, ...rest } = form;
    expect(sign).toBe(iopSign(rest, "appsecret"));
  });

  it("the form body is exactly URLSearchParams' serialization, whatever the values hold", () => {
    const client = new IopClient(
      { url: "https://api-sg.aliexpress.com/", appKey: "12345", appSecret: "appsecret", accessToken: "tok" },
      runtime,
    );
    const tricky = [
      "耳机 无线",
      "a+b&c=d",
      "!'()~*-._",
      "100%",
      "😀",
      "x\uD800y",
      "line\nbreak",
      "/?#[]@$,;:",
      "",
    ];
    for (const value of tricky) {
      const business = { keyWord: value, "odd key~": value };
      const request = client.buildRequest("aliexpress.ds.text.search", business, runtime.now());
      const params = {
        ...business,
        method: "aliexpress.ds.text.search",
        app_key: "12345",
        access_token: "tok",
        timestamp: "1714564800000",
        sign_method: "sha256",
        partner_id: "marketlens",
      };
      const expected = new URLSearchParams({ ...params, sign: iopSign(params, "appsecret") }).toString();
      expect(request.body).toBe(expected);
      expect(request.url).toBe("https://api-sg.aliexpress.com/sync");
    }
  });
});

describe("the sandbox verifies what the adapters send", () => {
  let live: Live;
  beforeAll(async () => {
    live = await liveModules();
  });
  afterAll(() => live.close());

  const seen = (m: Parameters<Live["sandbox"]["stats"]>[0], prefix: string) =>
    [...live.sandbox.stats(m).recent].reverse().find((r) => r.url.startsWith(prefix));

  it("each marketplace saw its own dialect on the wire", async () => {
    await call(live.modules.emporium, "search", { query: "kettle" });
    expect(seen("emporium", "/paapi5/")).toMatchObject({ method: "POST", url: "/paapi5/searchitems" });
    await call(live.modules.auction, "search", { query: "tent", region: "GB" });
    const ebay = seen("auction", "/buy/")!;
    expect(ebay.url).toMatch(
      /^\/buy\/browse\/v1\/item_summary\/search\?q=tent&limit=60&offset=0&fieldgroups=/,
    );
    expect(ebay.headers).toMatchObject({
      "x-ebay-c-marketplace-id": "EBAY_GB",
      authorization: expect.stringMatching(/^Bearer v\^1\.1/),
    });
    await call(live.modules.megastore, "search", { query: "tea" });
    expect(seen("megastore", "/api-proxy/")!.url).toMatch(
      /^\/api-proxy\/service\/affil\/product\/v2\/search\?query=tea&start=(1|26)&numItems=25&format=json&facet=on/,
    );
    await call(live.modules.storefront, "search", { query: "ワイヤレス" });
    expect(seen("storefront", "/api/")).toMatchObject({ method: "POST", url: "/api/2025-01/graphql.json" });
    await call(live.modules.crossborder, "search", { query: "耳机" });
    const ae = seen("crossborder", "/sync")!;
    expect(ae).toMatchObject({ method: "POST", url: "/sync" });
    expect(new URLSearchParams(ae.body).get("method")).toBe("aliexpress.ds.text.search");
  });

  it("a request with wrong credentials is refused by the marketplace and reported as UPSTREAM_ERROR with its code", async () => {
    const { createMarketplaceModules } = await import("../../server/marketplaces/index.ts");
    const wrong = createMarketplaceModules({
      upstreams: {
        ...live.upstreams,
        emporium: { ...live.upstreams.emporium, secretKey: "not-the-secret" },
        crossborder: { ...live.upstreams.crossborder, appSecret: "not-the-secret" },
        storefront: { ...live.upstreams.storefront, accessToken: "not-the-token" },
        megastore: { ...live.upstreams.megastore, consumerId: "someone-else" },
        auction: { ...live.upstreams.auction, clientSecret: "nope" },
      },
      timeoutMs: 3000,
      cursorSecret: "y".repeat(20),
    });
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e) => e,
      );
    expect(await refusal(call(wrong.emporium, "search", { query: "kettle" }))).toMatchObject({
      code: "UPSTREAM_ERROR",
      upstreamCode: "InvalidSignature",
    });
    expect(await refusal(call(wrong.crossborder, "search", { query: "mat" }))).toMatchObject({
      code: "UPSTREAM_ERROR",
      upstreamCode: "IncompleteSignature",
    });
    expect(await refusal(call(wrong.storefront, "search", { query: "x" }))).toMatchObject({
      code: "UPSTREAM_ERROR",
      upstreamCode: "401",
    });
    expect(await refusal(call(wrong.megastore, "search", { query: "x" }))).toMatchObject({
      code: "UPSTREAM_ERROR",
      upstreamCode: "401",
    });
    expect(await refusal(call(wrong.auction, "search", { query: "x" }))).toMatchObject({
      code: "UPSTREAM_ERROR",
    });
  });
});
