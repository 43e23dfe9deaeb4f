import type { Context } from "hono";
import type { Marketplace } from "../../../src/contract/marketplace.ts";
import { type CatalogProduct, catalogOf, type MarketCatalog, warmCatalog } from "../catalog/catalog.ts";
import { type Taxonomy, taxonomyOf } from "../catalog/taxonomy.ts";
import { ImageCache } from "../images/render.ts";
import { VisualIndex } from "../images/visual-index.ts";

/** What every dialect of the sandbox shares: its catalog, its images, its clock and its latency. */
export class DialectContext {
  readonly marketplace: Marketplace;
  readonly seed: number;
  readonly latency: boolean;
  readonly now: () => Date;
  /** Set once the server listens; image URLs point back at it. */
  baseUrl = "";
  readonly #images = new ImageCache();
  #visual: VisualIndex | undefined;
  readonly #epoch: Date;

  constructor(marketplace: Marketplace, options: { seed: number; latency: boolean; now: () => Date }) {
    this.marketplace = marketplace;
    this.seed = options.seed;
    this.latency = options.latency;
    this.now = options.now;
    this.#epoch = new Date(Math.floor(options.now().getTime() / 86_400_000) * 86_400_000);
  }

  get catalog(): MarketCatalog {
    return catalogOf(this.marketplace, this.seed, this.#epoch);
  }

  /** The category tree alone: answering a category call does not generate the whole catalog. */
  get taxonomy(): Taxonomy {
    return taxonomyOf(this.marketplace);
  }

  /** Generates the catalog in slices, ahead of the first request that needs it. */
  warmCatalog(): Promise<void> {
    return warmCatalog(this.marketplace, this.seed, this.#epoch);
  }

  get visual(): VisualIndex {
    this.#visual ??= new VisualIndex(this.catalog);
    return this.#visual;
  }

  imageUrl(product: CatalogProduct, n: number): string {
    return `${this.baseUrl}/img/${product.index}/${n}.jpg`;
  }

  /** The marketplace's documented latency, when emulation is on (never in tests). */
  async delay(ms: number): Promise<void> {
    if (!this.latency || ms <= 0) return;
    const jitter = ms * (0.85 + Math.random() * 0.3);
    await new Promise((resolve) => setTimeout(resolve, jitter));
  }

  /**
   * GET /img/:index/:file (file is "<n>.jpg"), shared by every dialect; `?w=` asks for a smaller copy, as
   * marketplaces' image CDNs resize on request (Shopify's `width`, eBay's `s-l225`, AliExpress's `_220x220`).
   */
  serveImage(c: Context): Response {
    const index = Number(c.req.param("index"));
    const file = /^(\d+)\.jpg$/.exec(c.req.param("file") ?? "");
    const n = file ? Number(file[1]) : Number.NaN;
    const product = Number.isInteger(index) ? this.catalog.products[index] : undefined;
    if (!product || !Number.isInteger(n) || n < 0 || n >= product.imageCount) return c.text("Not Found", 404);
    const jpeg = this.#images.get(product, n, this.catalog.lang, thumbnailWidth(c.req.query("w")));
    return new Response(new Uint8Array(jpeg), {
      headers: { "content-type": "image/jpeg", "cache-control": "public, max-age=86400" },
    });
  }
}

/** A requested thumbnail width (64 to 1600 pixels), or undefined for the listing's own size. */
export function thumbnailWidth(value: string | undefined): number | undefined {
  const w = Number(value);
  return Number.isInteger(w) && w >= 64 && w <= 1600 ? w : undefined;
}
