/**
 * Product pages that look like the marketplaces shoppers use, and their images (drawn with the engine's
 * bundled fonts, so no binary fixtures): a Taobao-style page (gallery with thumbnails swapping the main
 * image, `srcset`, `<picture>`, a lazy-loaded tall detail image, an alicdn-style thumbnail suffix), a
 * Rakuten-style page with Japanese banners, an Amazon-style page with product tiles and icons.
 * Each image knows where its text is, so a test can compare pixels inside and outside the text.
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { createNodeEngine } from "../../../src/engine/node/create-node-engine.ts";
import { drawImage, type TextSpec } from "../../engine/support/images.ts";
import type { FixtureImage } from "./fixture-sites.ts";

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawnImage extends FixtureImage {
  width: number;
  height: number;
  /** Where text was drawn, in image pixels, padded a little. */
  textBoxes: TextBox[];
}

function boxOf(t: TextSpec, advance: number): TextBox {
  const pad = t.size * 0.6;
  return {
    x: t.x - pad,
    y: t.y - t.size * 1.3 - pad,
    width: advance + 2 * pad,
    height: t.size * 1.8 + 2 * pad,
  };
}

async function draw(
  width: number,
  height: number,
  texts: TextSpec[],
  background: string,
  format: "png" | "jpeg" = "jpeg",
): Promise<DrawnImage> {
  const bytes = await drawImage(width, height, texts, { background, format });
  const textBoxes = texts.map((t) => {
    const scale = t.size / t.face.font.unitsPerEm;
    const advance = t.face.font.stringToGlyphs(t.text).reduce((s, g) => s + (g.advanceWidth ?? 0), 0) * scale;
    return boxOf(t, advance);
  });
  return { bytes, type: format === "png" ? "image/png" : "image/jpeg", width, height, textBoxes };
}

/** The thumbnail rendition a marketplace CDN serves: the same picture, smaller. */
async function downscale(image: DrawnImage, side: number): Promise<DrawnImage> {
  const picture = await loadImage(Buffer.from(image.bytes));
  const canvas = createCanvas(side, side);
  canvas.getContext("2d").drawImage(picture, 0, 0, side, side);
  const f = side / image.width;
  return {
    bytes: new Uint8Array(await canvas.encode("jpeg", 85)),
    type: "image/jpeg",
    width: side,
    height: side,
    textBoxes: image.textBoxes.map((b) => ({
      x: b.x * f,
      y: b.y * f,
      width: b.width * f,
      height: b.height * f,
    })),
  };
}

export interface MarketplaceImages {
  main: DrawnImage;
  mainThumb: DrawnImage;
  second: DrawnImage;
  detail: DrawnImage;
  banner: DrawnImage;
  tiles: DrawnImage[];
  icon: DrawnImage;
  broken: FixtureImage;
}

export async function drawMarketplaceImages(): Promise<MarketplaceImages> {
  const engine = createNodeEngine();
  try {
    const sc = await engine.fonts.bundled("NotoSansSC", 700);
    const main = await draw(
      800,
      800,
      [
        { text: "限时特价", x: 60, y: 140, size: 72, face: sc, color: "#c01818" },
        { text: "全国包邮", x: 420, y: 700, size: 56, face: sc, color: "#ffffff", badge: "#e0302a" },
      ],
      "#f6efe2",
    );
    const mainThumb = await downscale(main, 360);
    const second = await draw(
      800,
      800,
      [{ text: "新品上市", x: 200, y: 420, size: 80, face: sc, color: "#1a3a8a" }],
      "#eef4f8",
    );
    const detail = await draw(
      790,
      3000,
      [
        { text: "产品详情", x: 250, y: 200, size: 72, face: sc, color: "#222222" },
        { text: "纯棉面料 柔软透气", x: 120, y: 1400, size: 56, face: sc, color: "#8a2a10" },
        { text: "七天无理由退换", x: 160, y: 2700, size: 56, face: sc, color: "#ffffff", badge: "#2a6a30" },
      ],
      "#fbfaf7",
    );
    const banner = await draw(
      960,
      240,
      [
        { text: "送料無料", x: 60, y: 150, size: 72, face: sc, color: "#ffffff", badge: "#bf0000" },
        { text: "ポイント10倍", x: 480, y: 150, size: 64, face: sc, color: "#bf0000" },
      ],
      "#fff7e6",
    );
    const tiles = await Promise.all(
      ["清仓大促", "买一送一", "爆款直降"].map((text, i) =>
        draw(
          400,
          400,
          [{ text, x: 50, y: 120, size: 64, face: sc, color: "#b01010" }],
          ["#f3f3f3", "#fff3e0", "#e8f5e9"][i]!,
        ),
      ),
    );
    const icon = await draw(32, 32, [], "#ff9900", "png");
    const broken = {
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 2, 3, 4, 5, 6, 7]),
      type: "image/jpeg",
    };
    return { main, mainThumb, second, detail, banner, tiles, icon, broken };
  } finally {
    await engine.dispose();
  }
}

export function imageRoutes(images: MarketplaceImages): Record<string, FixtureImage> {
  return {
    "/img/main.jpg": images.main,
    // alicdn-style thumbnail: the page shows the 360 px rendition; the extension must fetch the original.
    "/img/main.jpg_360x360q90.jpg_.webp": images.mainThumb,
    "/img/second.jpg": images.second,
    "/img/detail.jpg": images.detail,
    "/img/banner.jpg": images.banner,
    "/img/tile-0.jpg": images.tiles[0]!,
    "/img/tile-1.jpg": images.tiles[1]!,
    "/img/tile-2.jpg": images.tiles[2]!,
    "/img/icon.png": images.icon,
    "/img/broken.jpg": images.broken,
  };
}

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#fff;color:#222}
header{height:56px;background:#ff5000;color:#fff;display:flex;align-items:center;padding:0 24px;font-weight:700}
.wrap{display:flex;gap:24px;padding:24px}
.thumbs{display:flex;flex-direction:column;gap:8px}
.thumbs img{width:60px;height:60px;border:2px solid #ddd;cursor:pointer}
.main img{width:400px;height:400px;object-fit:cover;border:1px solid #eee}
.detail img{display:block;width:395px;margin:24px}
.grid{display:grid;grid-template-columns:repeat(3,220px);gap:16px;padding:24px}
.grid img{width:200px;height:200px;object-fit:contain}
.icon{width:32px;height:32px}`;

export function marketplacePages(cdn: string): Record<string, string> {
  const page = (title: string, body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
  return {
    "/taobao/item.html": page(
      "淘宝 Taobao item",
      `<header>淘宝网 Taobao</header>
<div class="wrap">
  <div class="thumbs">
    <img id="thumb-main" src="${cdn}/img/main.jpg" alt="">
    <img id="thumb-second" src="${cdn}/img/second.jpg" alt="">
  </div>
  <div class="main"><img id="main" src="${cdn}/img/main.jpg_360x360q90.jpg_.webp"
    srcset="${cdn}/img/main.jpg_360x360q90.jpg_.webp 360w" alt="主图"></div>
  <div><h1>纯棉T恤 限时特价</h1><p class="price">¥59.00</p><img class="icon" src="${cdn}/img/icon.png" alt=""></div>
</div>
<div class="detail"><img id="detail" loading="lazy" src="${cdn}/img/detail.jpg" alt="详情"></div>
<img id="broken" src="${cdn}/img/broken.jpg" width="200" height="200" alt="broken">
<script>
  for (const t of document.querySelectorAll('.thumbs img'))
    t.addEventListener('mouseenter', () => { document.getElementById('main').removeAttribute('srcset'); document.getElementById('main').src = t.src; });
</script>`,
    ),
    "/rakuten/item.html": page(
      "楽天市場 Rakuten item",
      `<header style="background:#bf0000">楽天市場 Rakuten</header>
<picture>
  <source srcset="${cdn}/img/banner.jpg 960w" type="image/jpeg">
  <img id="banner" src="${cdn}/img/banner.jpg" style="width:720px;height:180px;margin:24px" alt="バナー">
</picture>`,
    ),
    "/amazon/item.html": page(
      "Amazon item",
      `<header style="background:#131921">amazon</header>
<div class="grid">
  <img id="tile-0" src="${cdn}/img/tile-0.jpg" alt="">
  <img id="tile-1" src="${cdn}/img/tile-1.jpg" alt="">
  <img id="tile-2" src="${cdn}/img/tile-2.jpg" alt="">
</div>
<p><img class="icon" id="icon" src="${cdn}/img/icon.png" alt="prime"> Prime</p>`,
    ),
  };
}
