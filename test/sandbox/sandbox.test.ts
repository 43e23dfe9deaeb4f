import { loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogOf, PROFILES } from "../../server/sandbox/catalog/catalog.ts";
import { taxonomyOf } from "../../server/sandbox/catalog/taxonomy.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import { distance, fingerprintBytes } from "../../server/sandbox/images/visual-index.ts";
import { type Sandbox, startSandbox } from "../../server/sandbox/index.ts";
import { MARKETPLACES } from "../../src/contract/marketplace.ts";
import { avifBomb, gifBomb, pngBomb } from "../support/bomb-images.ts";

/** The embedded marketplaces: their catalog, taxonomies, images, verification and fault injection. */

describe("generated catalog", () => {
  it("holds at least 20,000 products across the five, with unique ids in each marketplace's format", () => {
    let total = 0;
    for (const marketplace of MARKETPLACES) {
      const catalog = catalogOf(marketplace);
      total += catalog.products.length;
      expect(catalog.byId.size).toBe(catalog.products.length);
    }
    expect(total).toBeGreaterThanOrEqual(20_000);
    expect(catalogOf("emporium").products[0]!.id).toMatch(/^B0[0-9A-Z]{8}$/);
    expect(catalogOf("auction").products[0]!.id).toMatch(/^v1\|\d{12}\|0$/);
    expect(catalogOf("megastore").products[0]!.id).toMatch(/^\d{10}$/);
    expect(catalogOf("storefront").products[0]!.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(catalogOf("crossborder").products[0]!.id).toMatch(/^1005\d{12}$/);
  });

  it("is deterministic by seed", () => {
    const a = catalogOf("megastore", 7);
    const b = catalogOf("megastore", 7, new Date(a.products[0]!.createdAt.slice(0, 10)));
    expect(catalogOf("megastore", 7).products[123]!.title).toBe(a.products[123]!.title);
    expect(catalogOf("megastore", 8).products[123]!.title).not.toBe(a.products[123]!.title);
    expect(b.products.length).toBe(a.products.length);
  });

  it("titles are in each marketplace's language: Chinese on crossborder, Japanese on storefront, English elsewhere", () => {
    const han = /[\u4e00-\u9fff]/;
    const kana = /[\u3040-\u30ff]/;
    expect(
      catalogOf("crossborder")
        .products.slice(0, 200)
        .every((p) => han.test(p.title)),
    ).toBe(true);
    expect(
      catalogOf("storefront")
        .products.slice(0, 200)
        .every((p) => kana.test(p.title)),
    ).toBe(true);
    for (const m of ["emporium", "auction", "megastore"] as const) {
      expect(
        catalogOf(m)
          .products.slice(0, 200)
          .every((p) => /^[\x20-\x7e]+$/.test(p.title)),
      ).toBe(true);
    }
    expect(PROFILES.crossborder.currency).toBe("CNY");
  });

  it("has variants, ratings and reviews that agree with the aggregate", () => {
    const catalog = catalogOf("crossborder");
    expect(catalog.products.every((p) => p.variants.length >= 1)).toBe(true);
    const rated = catalog.products.find((p) => p.ratingCount > 20)!;
    const reviews = catalog.reviews(rated);
    expect(reviews.length).toBe(Math.min(60, rated.ratingCount));
    const mean = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
    expect(Math.abs(mean - rated.rating)).toBeLessThan(1);
    expect(catalog.products[5]!.priceMinor).toBe(
      Math.min(...catalog.products[5]!.variants.map((v) => v.priceMinor)),
    );
  });

  it("taxonomies as the spec describes them", () => {
    const emporium = taxonomyOf("emporium");
    expect(emporium.roots).toHaveLength(40);
    expect(emporium.roots.every((r) => /^[a-z-]+$/.test(r.slug!) && /^\d+$/.test(r.id))).toBe(true);
    expect([...emporium.nodes.values()].some((n) => n.empty)).toBe(true);
    const auction = taxonomyOf("auction");
    expect(auction.roots).toHaveLength(18);
    expect(auction.roots.filter((r) => r.id.startsWith("bn_"))).toHaveLength(4);
    expect(Math.max(...[...auction.nodes.values()].map((n) => n.level))).toBe(3);
    expect([...auction.nodes.values()].some((n) => n.hub && !n.id.startsWith("bn_"))).toBe(true);
    const megastore = taxonomyOf("megastore");
    expect(megastore.roots).toHaveLength(42);
    expect(
      [...megastore.nodes.values()]
        .filter((n) => n.level > 1)
        .every((n) => n.id.startsWith(`${n.parent!.id}_`)),
    ).toBe(true);
    expect(megastore.roots.some((r) => r.hub) && megastore.roots.some((r) => !r.hub)).toBe(true);
  });
});

describe("product images", () => {
  it("carry CJK and English text and stay recognizable after resizing", async () => {
    const product = catalogOf("crossborder").products.find((p) => p.discountPct > 0)!;
    const jpeg = drawProductImage(product, 0, "zh").toBuffer("image/jpeg", 90);
    const image = await loadImage(jpeg);
    expect([image.width, image.height]).toEqual([800, 800]);
    const other = catalogOf("crossborder").products.find((p) => p !== product)!;
    const a = await fingerprintBytes(jpeg);
    const small = drawProductImage(product, 0, "zh", 200).toBuffer("image/png");
    const b = await fingerprintBytes(small);
    const c = await fingerprintBytes(drawProductImage(other, 0, "zh", 200).toBuffer("image/png"));
    expect(distance(a, b)).toBeLessThan(distance(a, c));
  });

  it("refuses a decompression bomb from its header, before any decode (issue 16 item 2)", async () => {
    const rss = process.memoryUsage().rss;
    for (const bomb of [pngBomb(30000, 30000), gifBomb(30000, 30000), avifBomb(30000, 30000)]) {
      expect(bomb.length).toBeLessThan(200_000);
      await expect(fingerprintBytes(bomb)).rejects.toMatchObject({ code: "IMAGE_TOO_LARGE" });
    }
    // A real one (9000 x 9000 of deflated rows, 77 KB) is refused the same way, and nothing was allocated.
    const real = pngBomb(9000, 9000, true);
    await expect(fingerprintBytes(real)).rejects.toMatchObject({ code: "IMAGE_TOO_LARGE" });
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
  });

  it("decodes uploads off the main thread: the event loop keeps ticking through a large decode", async () => {
    const product = catalogOf("storefront").products[0]!;
    const big = drawProductImage(product, 0, "ja", 3000).toBuffer("image/jpeg", 90);
    await fingerprintBytes(drawProductImage(product, 0, "ja", 64).toBuffer("image/png")); // thread up
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await fingerprintBytes(big);
    const decodeMs = performance.now() - started;
    clearInterval(ticker);
    // On the main thread the loop would stop for the whole decode.
    expect(longest).toBeLessThan(Math.max(60, decodeMs / 2));
  });
});

describe("sandbox servers", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    const started = Date.now();
    sandbox = await startSandbox();
    // Sockets and credentials only: no catalog, image or index is built at start-up.
    expect(Date.now() - started).toBeLessThan(3000);
  });
  afterAll(() => sandbox.close());

  it("serves catalog images as JPEG, even while faults are on", async () => {
    sandbox.faults.setRate(1, ["refuse"]);
    try {
      const res = await fetch(`${sandbox.urls.crossborder}/img/3/0.jpg`);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 3).toString("hex")).toBe("ffd8ff");
      expect((await fetch(`${sandbox.urls.crossborder}/img/3/9.jpg`)).status).toBe(404);
    } finally {
      sandbox.faults.setRate(0);
    }
  });

  it("refuses requests without the API's own credentials", async () => {
    const paapi = await fetch(`${sandbox.urls.emporium}/paapi5/searchitems`, { method: "POST", body: "{}" });
    expect([paapi.status, ((await paapi.json()) as { Errors: { Code: string }[] }).Errors[0]!.Code]).toEqual([
      401,
      "IncompleteSignature",
    ]);
    const ebay = await fetch(`${sandbox.urls.auction}/buy/browse/v1/item_summary/search?q=x`, {
      headers: { authorization: "Bearer forged" },
    });
    expect([
      ebay.status,
      ((await ebay.json()) as { errors: { errorId: number }[] }).errors[0]!.errorId,
    ]).toEqual([401, 1001]);
    const walmart = await fetch(`${sandbox.urls.megastore}/search?query=x`);
    expect(walmart.status).toBe(401);
    const shopify = await fetch(`${sandbox.urls.storefront}/api/2025-01/graphql.json`, {
      method: "POST",
      body: '{"query":"{ collections(first:1){ nodes { id } } }"}',
    });
    expect(shopify.status).toBe(401);
    const ae = await fetch(`${sandbox.urls.crossborder}/sync`, {
      method: "POST",
      body: new URLSearchParams({
        method: "aliexpress.ds.product.get",
        app_key: sandbox.credentials.crossborder.appKey,
        sign: "00",
        sign_method: "sha256",
      }),
    });
    expect(((await ae.json()) as { error_response: { code: string } }).error_response.code).toBe(
      "IncompleteSignature",
    );
  });

  it("injects faults at a configured rate, deterministically by seed", async () => {
    const other = await startSandbox({
      marketplaces: ["megastore"],
      faults: { rate: 0.5, kinds: ["error"] },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await fetch(`${other.urls.megastore}/taxonomy`)).status);
      const failed = statuses.filter((s) => s >= 500).length;
      expect(failed).toBeGreaterThan(8);
      expect(failed).toBeLessThan(32);
      expect(other.stats("megastore").faults.error).toBe(failed);
    } finally {
      await other.close();
    }
  });

  it("releases held requests on close", async () => {
    const other = await startSandbox({ marketplaces: ["emporium"] });
    other.faults.inject("emporium", "timeout");
    const pending = fetch(`${other.urls.emporium}/paapi5/searchitems`, { method: "POST" }).then(
      () => "answered",
      () => "closed",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.close();
    expect(await pending).toBe("closed");
  });
});

describe("documented latency", () => {
  it("is emulated when asked (an auction page of 60 takes over a second) and off by default", async () => {
    const slow = await startSandbox({ marketplaces: ["auction"], latency: true });
    const fast = await startSandbox({ marketplaces: ["auction"] });
    try {
      const timed = async (url: string, creds: typeof slow.credentials.auction) => {
        const token = (await (
          await fetch(`${url}/identity/v1/oauth2/token`, {
            method: "POST",
            headers: {
              authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString("base64")}`,
            },
            body: "grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope",
          })
        ).json()) as { access_token: string };
        const started = Date.now();
        const res = await fetch(`${url}/buy/browse/v1/item_summary/search?q=lamp&limit=60`, {
          headers: { authorization: `Bearer ${token.access_token}` },
        });
        expect(res.status).toBe(200);
        return Date.now() - started;
      };
      expect(await timed(slow.urls.auction, slow.credentials.auction)).toBeGreaterThan(1000);
      expect(await timed(fast.urls.auction, fast.credentials.auction)).toBeLessThan(1000);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
    }
  });
});
