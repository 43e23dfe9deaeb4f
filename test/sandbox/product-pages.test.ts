/**
 * The sandbox's product pages: each marketplace serves pages in its real page structure on loopback, and
 * the extension's page readers read from them the id the gateway's `product` operation takes.
 */
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { type Sandbox, startSandbox } from "../../server/sandbox/index.ts";
import { MARKETPLACES } from "../../src/contract/marketplace.ts";
import { readProductPage } from "../../src/extension/page/readers/index.ts";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latency: false });
});
afterAll(async () => sandbox?.close());

/** The origin of a marketplace's server (its API may sit under a base path). */
const originOf = (url: string) => new URL(url).origin;

async function readPage(url: string) {
  const response = await fetch(url);
  const { document } = parseHTML(await response.text());
  return {
    status: response.status,
    document,
    reading: readProductPage(document as unknown as Document, new URL(url)),
  };
}

describe("sandbox product pages", () => {
  it.each(MARKETPLACES)(
    "%s: /pages links to product pages the page reader reads, with the catalog's id",
    async (m) => {
      const origin = originOf(sandbox.urls[m]);
      const list = await readPage(`${origin}/pages`);
      const links = Array.from(list.document.querySelectorAll("li a")).map((a) => a.getAttribute("href")!);
      expect(links.length).toBeGreaterThanOrEqual(20);
      const { status, reading } = await readPage(`${origin}${links[3]}`);
      expect(status).toBe(200);
      if (!reading.ok) throw new Error(`${m}: ${reading.reason}`);
      const product = catalogOf(m, 1, new Date()).byId.get(reading.product.productId);
      expect(product, `${reading.product.productId} is in the ${m} catalog`).toBeDefined();
      expect(reading.product).toMatchObject({
        marketplace: m,
        title: product!.title,
        brand: product!.brand,
        price: { currency: product!.currency },
      });
      expect(reading.product.price!.amount).toBeCloseTo(
        product!.currency === "JPY" ? Math.round(product!.priceMinor / 100) : product!.priceMinor / 100,
        2,
      );
      const image = await fetch(reading.product.imageUrl!);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
    },
  );

  it("serves pages while the marketplace's API is failing, and a 404 page for an unknown product", async () => {
    const origin = originOf(sandbox.urls.megastore);
    sandbox.faults.inject("megastore", "error", 5);
    const list = await readPage(`${origin}/pages`);
    expect(list.status).toBe(200);
    expect((await fetch(`${origin}/ip/nothing/123456`)).status).toBe(404);
    sandbox.faults.clear("megastore");
  });
});
