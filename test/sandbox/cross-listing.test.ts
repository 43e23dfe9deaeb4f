import { describe, expect, it } from "vitest";
import { catalogOf, PROFILES } from "../../server/sandbox/catalog/catalog.ts";
import { crossListingPlan, gtinCheckDigit } from "../../server/sandbox/catalog/cross-listing.ts";
import { crossListingTruth } from "../../server/sandbox/catalog/cross-listing-truth.ts";
import { ImageCache } from "../../server/sandbox/images/render.ts";
import { distance, fingerprintBytes } from "../../server/sandbox/images/visual-index.ts";
import { MARKETPLACES } from "../../src/contract/marketplace.ts";

describe("sandbox cross-listings", () => {
  const truth = crossListingTruth(1);

  it("lists a share of every marketplace's catalog on two or more marketplaces", () => {
    expect(truth.groups.size).toBeGreaterThan(800);
    for (const group of truth.groups.values()) {
      expect(new Set(group.map((l) => l.marketplace)).size).toBe(group.length);
      expect(group.length).toBeGreaterThanOrEqual(2);
    }
    for (const m of MARKETPLACES) {
      const listed = [...truth.groups.values()].flat().filter((l) => l.marketplace === m).length;
      expect(listed, m).toBeGreaterThan(150);
      expect(listed, m).toBeLessThan(PROFILES[m].count / 2);
    }
  });

  it("gives each listing the brand, its own language, currency and a price that follows the pack size", () => {
    let packs = 0;
    for (const group of [...truth.groups.values()].slice(0, 300)) {
      const products = group.map((l) => ({ l, p: catalogOf(l.marketplace).byId.get(l.productId)! }));
      const brand = products[0]!.p.brand;
      for (const { l, p } of products) {
        expect(p.brand).toBe(brand);
        expect(p.title).toContain(brand);
        expect(p.currency).toBe(PROFILES[l.marketplace].currency);
        if (l.marketplace === "crossborder") expect(p.title).toMatch(/[\u4e00-\u9fff]/);
        if (l.marketplace === "storefront") expect(p.title).toMatch(/[\u3040-\u30ff]/);
      }
      const single = products.find((x) => x.l.packSize === 1)!;
      for (const { l, p } of products.filter((x) => x.l.packSize > 1)) {
        packs++;
        const usd = (x: typeof p) => x.priceMinor / PROFILES[x.marketplace].minorPerUsd;
        expect(usd(p) / usd(single.p)).toBeGreaterThan(l.packSize * 0.6);
        expect(p.title).toMatch(/Pack of|件装|個セット/);
      }
    }
    expect(packs).toBeGreaterThan(10);
  });

  it("writes valid EAN-13 numbers", () => {
    for (const g of crossListingPlan(1).globals.slice(0, 100)) {
      expect(g.gtin).toMatch(/^\d{13}$/);
      expect(gtinCheckDigit(g.gtin.slice(0, 12))).toBe(g.gtin[12]);
    }
  });

  it("serves each listing its own copy of the picture: another size or crop, still near the maker's", async () => {
    const images = new ImageCache();
    const group = [...truth.groups.values()].find((g) => g.length >= 3)!;
    const shots = await Promise.all(
      group.map(async (l) => {
        const catalog = catalogOf(l.marketplace);
        const bytes = images.get(catalog.byId.get(l.productId)!, 0, catalog.lang);
        return { bytes, fp: await fingerprintBytes(bytes) };
      }),
    );
    const other = catalogOf("emporium").products[1]!;
    const unrelated = await fingerprintBytes(images.get(other, 0, "en"));
    expect(new Set(shots.map((s) => s.bytes.length)).size).toBeGreaterThan(1);
    for (const shot of shots.slice(1)) {
      expect(distance(shots[0]!.fp, shot.fp)).toBeLessThan(distance(shots[0]!.fp, unrelated));
    }
  });

  it("is deterministic by seed and differs between seeds", () => {
    const again = crossListingTruth(1);
    expect([...again.groups.keys()].slice(0, 50)).toEqual([...truth.groups.keys()].slice(0, 50));
    const other = crossListingTruth(2);
    const first = truth.groups.values().next().value!;
    const otherFirst = other.groups.values().next().value!;
    expect(otherFirst.map((l) => l.productId)).not.toEqual(first.map((l) => l.productId));
  });
});
