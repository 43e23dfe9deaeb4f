/**
 * Pages for the shopper journeys beyond a single translation (test/extension/shopper-journeys.e2e.test.ts):
 * lazy loaders with a placeholder, images over the spec's size limits, a rotated image and a carousel that
 * clips its slides. Their images are the marketplace pages' drawn pictures, plus a few made here.
 */
import { createCanvas } from "@napi-rs/canvas";
import type { FixtureImage } from "./fixture-sites.ts";
import type { MarketplaceImages } from "./marketplace-pages.ts";

/** The 1 × 1 transparent GIF lazy loaders show until the real picture comes. */
const BLANK_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export function journeyImages(images: MarketplaceImages): Record<string, FixtureImage> {
  // A product picture with 21 MB of padding after its end marker: it still shows, but is over 20 MB.
  const padded = new Uint8Array(images.tiles[0]!.bytes.length + 21 * 1024 * 1024);
  padded.set(images.tiles[0]!.bytes);
  // 8300 pixels wide: over the 8192 × 8192 limit, yet a few kilobytes.
  const wide = createCanvas(8300, 60);
  const ctx = wide.getContext("2d");
  ctx.fillStyle = "#fde8e8";
  ctx.fillRect(0, 0, 8300, 60);
  return {
    "/img/blank.gif": { bytes: new Uint8Array(BLANK_GIF), type: "image/gif" },
    "/img/huge.jpg": { bytes: padded, type: "image/jpeg" },
    "/img/wide.png": { bytes: new Uint8Array(wide.toBuffer("image/png")), type: "image/png" },
    "/img/slide-0.jpg": images.tiles[0]!,
    "/img/slide-1.jpg": images.tiles[1]!,
    "/img/rotated.jpg": images.tiles[2]!,
    "/img/lazy-known.jpg": images.tiles[1]!,
    "/img/lazy-late.jpg": images.tiles[2]!,
  };
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body style="margin:0;background:#334;font-family:system-ui,sans-serif">${body}</body></html>`;

export function journeyPages(cdn: string): Record<string, string> {
  return {
    // Two lazy loaders: one keeps the real URL in data-src and swaps it in when the image scrolls into
    // view; the other keeps it where no extension could guess and swaps it in when told to.
    "/lazy.html": page(
      "Lazy images",
      `<img id="late" src="${cdn}/img/blank.gif?late" data-lazyload-url="${cdn}/img/lazy-late.jpg"
  style="width:200px;height:200px;margin:24px">
<div style="height:1600px"></div>
<img id="known" class="lazy" src="${cdn}/img/blank.gif?known" data-src="${cdn}/img/lazy-known.jpg"
  style="width:200px;height:200px;margin:24px">
<script>
  new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) e.target.src = e.target.dataset.src;
  }).observe(document.getElementById('known'));
  window.loadLate = (ms) => setTimeout(() => {
    const img = document.getElementById('late');
    img.src = img.getAttribute('data-lazyload-url');
  }, ms);
</script>`,
    ),
    "/limits.html": page(
      "Too large",
      `<img id="huge" src="${cdn}/img/huge.jpg" style="width:300px;height:300px;margin:24px">
<img id="wide" src="${cdn}/img/wide.png" style="width:830px;height:60px;margin:24px">`,
    ),
    // A carousel whose window (overflow: hidden) shows the right half of slide 0 and the left half of
    // slide 1; and a picture rotated 12 degrees.
    "/transforms.html": page(
      "Transforms",
      `<div id="window" style="position:absolute;left:300px;top:40px;width:300px;height:300px;overflow:hidden;background:#fff">
  <div style="display:flex;transform:translateX(-150px)">
    <img id="slide-0" src="${cdn}/img/slide-0.jpg" style="width:300px;height:300px;flex:none">
    <img id="slide-1" src="${cdn}/img/slide-1.jpg" style="width:300px;height:300px;flex:none">
  </div>
</div>
<img id="rotated" src="${cdn}/img/rotated.jpg"
  style="position:absolute;left:120px;top:460px;width:240px;height:240px;transform:rotate(12deg)">`,
    ),
  };
}
