import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { resolveUpstreams } from "../../server/sandbox/resolve.ts";

/** The marketplaces section of the configuration, and the sandbox standing in for unconfigured ones. */
describe("marketplaces configuration", () => {
  it("defaults: every marketplace on the sandbox, 10 s upstream timeout, latency emulated, no faults", () => {
    const { marketplaces } = loadConfig({});
    expect(Object.values(marketplaces.upstreams).every((u) => u.url === undefined)).toBe(true);
    expect(marketplaces.timeoutMs).toBe(10_000);
    expect(marketplaces.sandbox).toMatchObject({
      host: "127.0.0.1",
      seed: 1,
      latency: true,
      faults: { rate: 0 },
    });
  });

  it("a real upstream is its URL plus that API's credentials; a URL without them is refused by name", () => {
    const { marketplaces } = loadConfig({
      EMPORIUM_UPSTREAM_URL: "https://webservices.amazon.de",
      EMPORIUM_ACCESS_KEY: "AK",
      EMPORIUM_SECRET_KEY: "SK",
      EMPORIUM_PARTNER_TAG: "tag-21",
      EMPORIUM_REGION: "eu-west-1",
      EMPORIUM_MARKETPLACE: "www.amazon.de",
      EMPORIUM_COUNTRY: "de",
      AUCTION_UPSTREAM_URL: "https://api.ebay.com",
      AUCTION_OAUTH_TOKEN: "v^1.1#token",
    });
    expect(marketplaces.upstreams.emporium).toMatchObject({
      url: "https://webservices.amazon.de",
      region: "eu-west-1",
      country: "DE",
    });
    expect(marketplaces.upstreams.auction).toMatchObject({
      url: "https://api.ebay.com",
      oauthToken: "v^1.1#token",
    });
    let error: unknown;
    try {
      loadConfig({
        MEGASTORE_UPSTREAM_URL: "https://developer.api.walmart.com/api-proxy/service/affil/product/v2",
        SANDBOX_FAULTS: "error,meteor",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain("MEGASTORE_CONSUMER_ID");
    expect((error as Error).message).toContain("MEGASTORE_PRIVATE_KEY");
    expect((error as Error).message).toContain("meteor");
    expect(() => loadConfig({ MARKETPLACE_CURSOR_SECRET: "short" })).toThrowError(ConfigError);
  });

  it("starts the sandbox only for marketplaces without a URL and hands out its credentials", async () => {
    const config = loadConfig({
      STOREFRONT_UPSTREAM_URL: "https://real-shop.myshopify.com",
      STOREFRONT_ACCESS_TOKEN: "real-token",
      SANDBOX_LATENCY: "false",
    }).marketplaces;
    const { upstreams, sandbox, sandboxed } = await resolveUpstreams(config);
    try {
      expect(sandboxed).toEqual(["crossborder", "auction", "megastore", "emporium"]);
      expect(upstreams.storefront).toMatchObject({
        url: "https://real-shop.myshopify.com",
        accessToken: "real-token",
      });
      expect(upstreams.crossborder.url).toBe(sandbox!.urls.crossborder);
      expect(upstreams.crossborder.appSecret).toBe(sandbox!.credentials.crossborder.appSecret);
      expect(upstreams.megastore.url).toMatch(/\/api-proxy\/service\/affil\/product\/v2$/);
      expect(sandbox!.urls.storefront).toBeUndefined();
    } finally {
      await sandbox?.close();
    }
  });
});
