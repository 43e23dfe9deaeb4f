/** Which URL holds an image's best pixels: srcset, <picture> sources and marketplace thumbnails. */
import { describe, expect, it } from "vitest";
import { candidateUrls, fullSizeUrl, parseSrcset } from "../../src/extension/image-source.ts";

describe("marketplace thumbnails give way to their full-size originals", () => {
  it.each([
    [
      "https://img.alicdn.com/imgextra/i1/2206/O1CN01abc.jpg_360x360q90.jpg_.webp",
      "https://img.alicdn.com/imgextra/i1/2206/O1CN01abc.jpg",
    ],
    [
      "https://gw.alicdn.com/bao/uploaded/i4/O1CN01x.png_220x220.png",
      "https://gw.alicdn.com/bao/uploaded/i4/O1CN01x.png",
    ],
    ["https://ae01.alicdn.com/kf/Sabc.jpg_q50.jpg", "https://ae01.alicdn.com/kf/Sabc.jpg"],
    [
      "https://m.media-amazon.com/images/I/71abc._AC_SX300_SY300_.jpg",
      "https://m.media-amazon.com/images/I/71abc.jpg",
    ],
    ["https://m.media-amazon.com/images/I/61x._SL500_.jpg", "https://m.media-amazon.com/images/I/61x.jpg"],
    [
      "https://thumbnail.image.rakuten.co.jp/@0_mall/shop/cabinet/a.jpg?_ex=128x128",
      "https://thumbnail.image.rakuten.co.jp/@0_mall/shop/cabinet/a.jpg",
    ],
  ])("%s -> %s", (thumb, full) => {
    expect(fullSizeUrl(thumb)).toBe(full);
  });

  it("leaves an ordinary image URL alone", () => {
    expect(fullSizeUrl("https://shop.example/images/product_1.jpg")).toBeUndefined();
  });
});

describe("srcset", () => {
  it("ranks width descriptors above densities, largest first", () => {
    const ranked = parseSrcset("a.jpg 1x, b.jpg 2x, c.jpg 800w, d.jpg 1600w", "https://x.example/p/");
    expect(ranked.map((c) => c.url)).toEqual([
      "https://x.example/p/d.jpg",
      "https://x.example/p/c.jpg",
      "https://x.example/p/b.jpg",
      "https://x.example/p/a.jpg",
    ]);
  });

  it("tries full-size originals first, then candidates largest first, and the shown image last", () => {
    const urls = candidateUrls(
      "https://img.alicdn.com/a.jpg_360x360q90.jpg_.webp",
      ["https://img.alicdn.com/a.jpg_360x360q90.jpg_.webp 360w, https://img.alicdn.com/b.jpg 800w"],
      "https://item.taobao.com/",
    );
    expect(urls).toEqual([
      "https://img.alicdn.com/a.jpg",
      "https://img.alicdn.com/b.jpg",
      "https://img.alicdn.com/a.jpg_360x360q90.jpg_.webp",
    ]);
    expect(urls.at(-1)).toBe("https://img.alicdn.com/a.jpg_360x360q90.jpg_.webp");
  });
});
