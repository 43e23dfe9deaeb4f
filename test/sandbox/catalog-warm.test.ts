import { describe, expect, it } from "vitest";
import { catalogOf, warmCatalog } from "../../server/sandbox/catalog/catalog.ts";

/**
 * A server warms its sandbox's catalogs right after it starts listening: generated in one piece, a
 * catalog held the event loop for hundreds of milliseconds and /healthz waited behind it (issue 16 item 11).
 */
describe("catalog warm-up", () => {
  it("leaves the event loop free in slices, and gives the catalog a request would have got", async () => {
    // The same catalog at once (another seed, so nothing is shared): the stall the warm-up must not cause.
    const started = performance.now();
    const atOnce = catalogOf("auction", 7101);
    const oneGoMs = performance.now() - started;

    let longestGap = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 1);
    await warmCatalog("auction", 7102);
    clearInterval(probe);

    expect(longestGap).toBeLessThan(oneGoMs / 3);
    const warmed = catalogOf("auction", 7102);
    expect(warmed.products).toHaveLength(atOnce.products.length);
    // Generated from the seed and the index alone: made in slices or at once, product for product the same.
    const epoch = new Date(Date.UTC(2030, 0, 1));
    const again = catalogOf("auction", 7102, epoch);
    expect(warmed.products.map((p) => p.title)).toEqual(again.products.map((p) => p.title));
    expect(warmed.byId.get(warmed.products[42]!.id)).toBe(warmed.products[42]);
  }, 60_000);

  it("keeps the catalog a request generated while the warm-up was under way", async () => {
    const warming = warmCatalog("storefront", 7103);
    const meanwhile = catalogOf("storefront", 7103);
    await warming;
    expect(catalogOf("storefront", 7103)).toBe(meanwhile);
  }, 60_000);
});
