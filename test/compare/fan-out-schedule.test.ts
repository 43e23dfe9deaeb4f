import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { Comparer } from "../../server/compare/comparer.ts";
import type { MarketplaceCaller } from "../../server/compare/marketplace-calls.ts";
import type { Product, SearchItem, SearchResult } from "../../src/contract/marketplace.ts";
import type { Translator } from "../../src/translate/port.ts";

/**
 * When the other marketplaces' work starts, seen from the upstream calls: the comparer with its real
 * matching, and marketplaces that answer after set delays (the outside world). A comparison's summary
 * waits for its slowest leg, so a read in full that waits for a slower search lengthens it.
 */

const PICTURE = (() => {
  const canvas = createCanvas(64, 64);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#3a7";
  ctx.fillRect(0, 0, 64, 64);
  return new Uint8Array(canvas.toBuffer("image/png"));
})();

const money = (amount: number) => ({ amount, currency: "USD" });
const item = (productId: string, title: string): SearchItem => ({
  productId,
  title,
  url: `https://cb.test/item/${productId}.html`,
  imageUrl: `https://cb.test/${productId}.png`,
  price: money(20),
  category: [],
});
const product = (marketplace: Product["marketplace"], productId: string, title: string): Product => ({
  marketplace,
  productId,
  title,
  url: `https://${marketplace}.test/${productId}`,
  images: [`https://${marketplace}.test/${productId}.png`],
  brand: "Norvale",
  price: money(20),
  category: [{ id: "1", name: "Earbuds" }],
  variants: [],
});
const result = (items: SearchItem[]): SearchResult => ({
  marketplace: "crossborder",
  items,
  facets: [],
  paging: { pageSize: items.length, hasMore: false },
});
const englishOnly: Translator = {
  name: "unused",
  translateBatch: async (texts) => texts.map((text) => ({ text, status: "kept", provider: "unused" })),
};
const TITLES: Record<string, string> = {
  "100": "Norvale Earbuds TN-7514",
  "101": "Norvale Earbuds TN-7515",
  "102": "Norvale Earbuds Sport",
  "900": "Norvale Earbuds TN-7514 Grey",
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a comparison's fan-out", () => {
  it("reads the likeliest candidates in full as soon as the keyword searches answer, not after the visual search", async () => {
    const VISUAL_MS = 400;
    const t0 = performance.now();
    const reads: { productId: string; at: number }[] = [];
    let visualAnswered = Number.POSITIVE_INFINITY;
    const call: MarketplaceCaller = async (marketplace, operation, params) => {
      const data = await (async (): Promise<unknown> => {
        if (marketplace === "emporium") return product("emporium", "B0SOURCE", "Norvale Earbuds TN-7514");
        if (operation === "product") {
          reads.push({ productId: String(params.productId), at: performance.now() - t0 });
          await sleep(20);
          return product("crossborder", String(params.productId), TITLES[String(params.productId)]!);
        }
        if (operation === "image-search") {
          await sleep(VISUAL_MS);
          visualAnswered = performance.now() - t0;
          return result([item("900", TITLES["900"]!)]);
        }
        await sleep(20);
        return params.query === "TN7514"
          ? result([item("100", TITLES["100"]!), item("101", TITLES["101"]!)])
          : result([item("100", TITLES["100"]!), item("102", TITLES["102"]!)]);
      })();
      return { data: data as never, units: 1 };
    };
    const comparer = new Comparer({
      marketplaces: ["emporium", "crossborder"],
      visual: new Set(["crossborder"]),
      translator: async () => englishOnly,
      rates: async () => ({ perUsd: new Map([["USD", 1]]), asOf: "2026-11-26" }),
      fetchImage: async () => PICTURE,
      deadlineMs: 10_000,
    });
    const signal = AbortSignal.timeout(10_000);
    const read = await comparer.readSource({ marketplace: "emporium", productId: "B0SOURCE" }, call, signal);
    const answer = await comparer.fanOut(read, call, {}, signal);

    expect(answer.failed).toEqual([]);
    // The same two reads in full as before (each is charged), the listing with the model number first.
    expect(reads.map((r) => r.productId)).toContain("100");
    expect(reads).toHaveLength(2);
    for (const r of reads) expect(r.at, `read of ${r.productId}`).toBeLessThan(visualAnswered);
  });
});
