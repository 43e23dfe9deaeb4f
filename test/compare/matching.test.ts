import { createCanvas } from "@napi-rs/canvas";
import { beforeAll, describe, expect, it } from "vitest";
import { calibratedScores, judge, type ListingView } from "../../server/compare/evidence.ts";
import { convert, type RateTable } from "../../server/compare/exchange-rates.ts";
import { thumbnailUrl } from "../../server/compare/image-fetch.ts";
import { hashImageBytes, imageSimilarity } from "../../server/compare/image-hash.ts";
import { colors, gtins, listingFacts, modelNumbers, packSize } from "../../server/compare/listing-facts.ts";
import { englishTerms, termAgreement, translateTitles } from "../../server/compare/title-terms.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { loadEmbeddedDataFromDisk } from "../../src/translate/node/load-embedded-data.ts";
import type { Translator } from "../../src/translate/port.ts";

const RATES: RateTable = {
  perUsd: new Map([
    ["USD", 1],
    ["CNY", 7.2],
    ["JPY", 150],
    ["EUR", 0.92],
  ]),
  asOf: "2026-11-20",
};

describe("listing facts", () => {
  it("reads model numbers with or without their hyphen, and only GTINs whose check digit holds", () => {
    expect(modelNumbers("Norvale Earbuds TN-7514, 2-Year Warranty")).toEqual(["TN7514"]);
    expect(modelNumbers("型号：TN7514")).toEqual(["TN7514"]);
    expect(gtins("EAN: 4006381333931.")).toEqual(["04006381333931"]);
    expect(gtins("Order 4006381333932")).toEqual([]);
  });

  it("reads pack sizes in English, Chinese and Japanese, 1 when none is named", () => {
    expect(packSize("Kestrel Tool Set (Pack of 3)")).toBe(3);
    expect(packSize("Kestrel Tool Set 4-Pack")).toBe(4);
    expect(packSize("2026新款 Kestrel 工具套装 2件装")).toBe(2);
    expect(packSize("Kestrel 工具セット 6個セット")).toBe(6);
    expect(packSize("Kestrel Tool Set, 2-Year Warranty")).toBe(1);
  });

  it("maps colour words of the three languages to one name", () => {
    expect(colors("连衣裙 黑色")).toEqual(["black"]);
    expect(colors("ワンピース ブラック")).toEqual(["black"]);
    expect(colors("Summer Dress Black")).toEqual(["black"]);
  });
});

describe("titles across languages", () => {
  let translator: Translator;
  beforeAll(async () => {
    translator = createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
  }, 60_000);

  it("brings 连衣裙, ワンピース and dress to one term through the translator's glossary", async () => {
    const [zh, ja, en] = await translateTitles(
      [
        "Everpeak 连衣裙 轻便 灰色",
        "Everpeak ワンピース 軽量 グレー",
        "Everpeak Summer Dress Lightweight Gray",
      ],
      translator,
    );
    const exclude = new Set(["everpeak"]);
    for (const title of [zh!, ja!]) {
      const terms = englishTerms(title, exclude);
      expect(terms.has("dress"), title).toBe(true);
      expect(termAgreement(terms, englishTerms(en!, exclude))).toBeGreaterThanOrEqual(0.5);
    }
  });
});

describe("pictures", () => {
  function picture(hue: number, size: number, crop = 0, shift = 0): Uint8Array {
    const canvas = createCanvas(size, size);
    const ctx = canvas.getContext("2d");
    ctx.scale(1 / (1 - crop), 1 / (1 - crop));
    ctx.fillStyle = `hsl(${hue}, 60%, 70%)`;
    ctx.fillRect(0, 0, size, size);
    ctx.fillStyle = `hsl(${(hue + 150) % 360}, 60%, 30%)`;
    ctx.beginPath();
    ctx.arc(size * (0.4 + shift), size * (0.55 - shift), size * 0.25, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillRect(size * (0.6 - shift * 1.5), size * (0.1 + shift), size * 0.3, size * 0.2);
    return canvas.toBuffer("image/jpeg", 80);
  }

  it("finds a resized, re-cropped, re-encoded copy closer than another product's picture", async () => {
    const original = await hashImageBytes(picture(30, 800));
    const copy = await hashImageBytes(picture(30, 500, 0.06));
    const other = await hashImageBytes(picture(200, 800, 0, 0.3));
    expect(imageSimilarity(original, original)).toBe(1);
    expect(imageSimilarity(original, copy)).toBeGreaterThan(0.85);
    expect(imageSimilarity(original, other)).toBeLessThan(imageSimilarity(original, copy) - 0.15);
  });

  it("asks each marketplace CDN for a small copy in its own convention", () => {
    expect(thumbnailUrl("https://cdn.shopify.com/s/files/1/a.jpg?v=1")).toContain("width=240");
    expect(thumbnailUrl("https://ae01.alicdn.com/kf/abc.jpg")).toBe(
      "https://ae01.alicdn.com/kf/abc.jpg_240x240.jpg",
    );
    expect(thumbnailUrl("https://i.ebayimg.com/images/g/x/s-l1600.jpg")).toBe(
      "https://i.ebayimg.com/images/g/x/s-l225.jpg",
    );
    expect(thumbnailUrl("https://m.media-amazon.com/images/I/81abc.jpg")).toBe(
      "https://m.media-amazon.com/images/I/81abc._SL240_.jpg",
    );
    expect(thumbnailUrl("http://127.0.0.1:4000/img/12/0.jpg")).toBe(
      "http://127.0.0.1:4000/img/12/0.jpg?w=240",
    );
    expect(thumbnailUrl("https://example.com/p.jpg")).toBe("https://example.com/p.jpg");
  });
});

describe("judging a candidate", () => {
  const view = (over: Partial<ListingView> & { title: string }): ListingView => ({
    marketplace: "emporium",
    productId: "p",
    url: "u",
    price: { amount: 20, currency: "USD" },
    brand: "Kestrel",
    imageUrl: undefined,
    image: undefined,
    ...over,
    facts: listingFacts(over.title),
    terms: englishTerms(over.title, new Set(["kestrel"])),
  });

  it("scores a model and GTIN match high, and a sibling model low", () => {
    const source = view({ title: "Kestrel Tool Set Waterproof CM-9398 EAN 4006381333931" });
    const same = judge(
      source,
      view({ title: "Kestrel Mini Tool Set Waterproof CM9398 4006381333931" }),
      RATES,
    );
    const sibling = judge(source, view({ title: "Kestrel Mini Tool Set Waterproof CM-9401" }), RATES);
    expect(same.evidence).toMatchObject({ model: "same", gtin: "same", brand: "same" });
    expect(sibling.evidence.model).toBe("different");
    expect(same.score).toBeGreaterThan(sibling.score);
    // Judged together, as one marketplace's candidates are: the calibrated scores part them clearly.
    const [sameScore, siblingScore] = calibratedScores([same.evidence, sibling.evidence]);
    expect(sameScore).toBeGreaterThan(0.9);
    expect(siblingScore).toBeLessThan(0.3);
  });

  it("warns about another pack size, another colour, and a match resting on the price band only", () => {
    const source = view({ title: "Kestrel Tool Set Waterproof Black CM-9398" });
    const pack = judge(
      source,
      view({
        title: "Kestrel Tool Set Waterproof Red CM-9398 (Pack of 2)",
        price: { amount: 38, currency: "USD" },
      }),
      RATES,
    );
    expect(pack.warnings.map((w) => w.code).sort()).toEqual(["pack-size", "variant"]);
    expect(pack.evidence.packSize).toEqual({ source: 1, match: 2 });
    expect(pack.evidence.unitPriceRatio).toBeCloseTo(0.95, 2);
    const vague = judge(source, view({ title: "Kestrel Tool Set Waterproof Black" }), RATES);
    expect(vague.warnings.map((w) => w.code)).toEqual(["price-band-only"]);
  });

  it("converts prices through the rate table and refuses a currency it lacks", () => {
    expect(convert(RATES, { amount: 720, currency: "CNY" }, "USD")).toEqual({ amount: 100, currency: "USD" });
    expect(convert(RATES, { amount: 10, currency: "USD" }, "JPY")).toEqual({ amount: 1500, currency: "JPY" });
    expect(convert(RATES, { amount: 10, currency: "USD" }, "XYZ")).toBeUndefined();
  });
});
