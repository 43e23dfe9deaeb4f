import type { Marketplace } from "../../../src/contract/marketplace.ts";
import {
  CATALOG_COUNTS,
  crossListingPlanSteps,
  type ImageCopy,
  type ListingPlan,
  ORIGINAL_IMAGE,
  packWords,
  writtenModel,
} from "./cross-listing.ts";
import { hash32, mix32, Rng } from "./rng.ts";
import { atOnce, inSlices, type Steps } from "./slices.ts";
import { ancestry, type CategoryNode, type Taxonomy, taxonomyOf } from "./taxonomy.ts";
import {
  BADGES,
  BRANDS,
  COLORS,
  FEATURES,
  type Lang,
  REVIEW_LINES,
  REVIEW_TITLES,
  REVIEWER_NAMES,
  SIZES,
  type Words,
} from "./vocab.ts";

/**
 * The generated catalog: at least 20,000 products across the five marketplaces, each generated from a
 * seed and its index, so any product can be named and found again. A marketplace's catalog is generated
 * the first time something asks for it (a few hundred milliseconds), not at start-up; a server warms it
 * in slices behind /healthz (warmCatalog).
 */

export interface Variant {
  id: string;
  color: Words | undefined;
  size: string | undefined;
  priceMinor: number;
  listMinor: number | undefined;
  stock: number;
}

export interface Review {
  id: string;
  rating: number;
  title: string;
  body: string;
  author: string;
  date: string;
  verified: boolean;
  helpful: number;
}

export type Condition = "new" | "used" | "refurbished";

export interface CatalogProduct {
  marketplace: Marketplace;
  index: number;
  id: string;
  title: string;
  brand: string;
  description: string;
  features: Words[];
  leaf: CategoryNode;
  /** Every category id from the top level to the leaf. */
  path: string[];
  currency: string;
  /** Lowest variant price (or the only price), in minor units of `currency`. */
  priceMinor: number;
  listMinor: number | undefined;
  discountPct: number;
  rating: number;
  ratingCount: number;
  variants: Variant[];
  stock: number;
  freeShipping: boolean;
  shippingMinor: number;
  condition: Condition;
  createdAt: string;
  endsAt: string | undefined;
  buyingOptions: string[];
  imageCount: number;
  badge: Words;
  seller: { name: string; feedbackPercent: number; feedbackScore: number };
  /** Countries the marketplace will not ship this product to (crossborder). */
  prohibitedCountries: string[];
  /** How a storefront merchant publishes this product's reviews (storefront). */
  reviewApp: "marketlens" | "yotpo" | "none";
  design: { hueA: number; hueB: number; shape: number; layout: number; accent: number };
  /** How this listing's copy of the picture was resized, cropped and encoded. */
  image: ImageCopy;
  searchText: string;
}

export interface MarketplaceProfile {
  lang: Lang;
  currency: string;
  count: number;
  /** Minor units per US dollar: prices are generated in dollars and converted once. */
  minorPerUsd: number;
}

export const PROFILES: Record<Marketplace, MarketplaceProfile> = {
  emporium: { lang: "en", currency: "USD", count: CATALOG_COUNTS.emporium, minorPerUsd: 100 },
  auction: { lang: "en", currency: "USD", count: CATALOG_COUNTS.auction, minorPerUsd: 100 },
  megastore: { lang: "en", currency: "USD", count: CATALOG_COUNTS.megastore, minorPerUsd: 100 },
  storefront: { lang: "ja", currency: "JPY", count: CATALOG_COUNTS.storefront, minorPerUsd: 150 },
  crossborder: { lang: "zh", currency: "CNY", count: CATALOG_COUNTS.crossborder, minorPerUsd: 720 },
};

export interface CatalogQuery {
  text?: string;
  /** Products in this category or below it. */
  nodeId?: string;
  brands?: string[];
  priceMinMinor?: number;
  priceMaxMinor?: number;
  /** Price band matches when any variant falls inside it (crossborder) instead of the lowest price. */
  anyVariantInBand?: boolean;
  minRating?: number;
  conditions?: Condition[];
  freeShipping?: boolean;
  inStock?: boolean;
  buyingOptions?: string[];
  sort?: "relevance" | "price_asc" | "price_desc" | "newest" | "rating" | "bestseller" | "ending_soonest";
}

export class MarketCatalog {
  readonly marketplace: Marketplace;
  readonly profile: MarketplaceProfile;
  readonly taxonomy: Taxonomy;
  readonly products: CatalogProduct[];
  readonly byId = new Map<string, CatalogProduct>();
  /** Variant ids of marketplaces where a variant has its own id (emporium, megastore, storefront). */
  readonly byVariantId = new Map<string, { product: CatalogProduct; variant: Variant }>();
  readonly #cache = new Map<string, CatalogProduct[]>();

  constructor(marketplace: Marketplace, products: CatalogProduct[]) {
    this.marketplace = marketplace;
    this.profile = PROFILES[marketplace];
    this.taxonomy = taxonomyOf(marketplace);
    this.products = products;
    for (const product of products) {
      this.byId.set(product.id, product);
      for (const variant of product.variants) this.byVariantId.set(variant.id, { product, variant });
    }
  }

  get lang(): Lang {
    return this.profile.lang;
  }

  /** Every match of a query in its order; callers slice pages. Results are cached by query. */
  search(query: CatalogQuery): CatalogProduct[] {
    const key = JSON.stringify(query);
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const tokens = (query.text ?? "")
      .toLowerCase()
      .split(/[\s,]+/)
      .filter((t) => t.length > 0);
    const brands = query.brands?.map((b) => b.toLowerCase());
    const out = this.products.filter((p) => {
      if (tokens.length > 0 && !tokens.every((t) => p.searchText.includes(t))) return false;
      if (query.nodeId !== undefined && !p.path.includes(query.nodeId)) return false;
      if (brands && !brands.includes(p.brand.toLowerCase())) return false;
      if (query.priceMinMinor !== undefined || query.priceMaxMinor !== undefined) {
        const lo = query.priceMinMinor ?? 0;
        const hi = query.priceMaxMinor ?? Number.POSITIVE_INFINITY;
        const prices =
          query.anyVariantInBand && p.variants.length > 0
            ? p.variants.map((v) => v.priceMinor)
            : [p.priceMinor];
        if (!prices.some((price) => price >= lo && price <= hi)) return false;
      }
      if (query.minRating !== undefined && (p.ratingCount === 0 || p.rating < query.minRating)) return false;
      if (query.conditions && !query.conditions.includes(p.condition)) return false;
      if (query.freeShipping && !p.freeShipping) return false;
      if (query.inStock && p.stock === 0) return false;
      if (query.buyingOptions && !p.buyingOptions.some((b) => query.buyingOptions!.includes(b))) return false;
      return true;
    });
    const salt = hash32(query.text ?? query.nodeId ?? "");
    const order: Record<
      NonNullable<CatalogQuery["sort"]>,
      (a: CatalogProduct, b: CatalogProduct) => number
    > = {
      relevance: (a, b) => mix32(a.index ^ salt) - mix32(b.index ^ salt),
      price_asc: (a, b) => a.priceMinor - b.priceMinor || a.index - b.index,
      price_desc: (a, b) => b.priceMinor - a.priceMinor || a.index - b.index,
      newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || a.index - b.index,
      rating: (a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount || a.index - b.index,
      bestseller: (a, b) => b.ratingCount - a.ratingCount || a.index - b.index,
      ending_soonest: (a, b) => (a.endsAt ?? "9").localeCompare(b.endsAt ?? "9") || a.index - b.index,
    };
    out.sort(order[query.sort ?? "relevance"]);
    if (this.#cache.size > 500) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, out);
    return out;
  }

  /** Reviews are generated on demand from the product's seed; at most 60 are kept per product. */
  reviews(product: CatalogProduct): Review[] {
    const count = Math.min(product.ratingCount, 60);
    const rng = new Rng(hash32(`${product.id}:reviews`));
    const lang = this.lang;
    const out: Review[] = [];
    for (let i = 0; i < count; i++) {
      // Ratings scatter around the product's average so the list agrees with the aggregate.
      const raw = product.rating + (rng.next() - 0.5) * 2.2;
      const rating = Math.max(1, Math.min(5, Math.round(raw)));
      const tone = rating >= 4 ? "good" : rating === 3 ? "mixed" : "bad";
      const day = new Date(Date.parse(product.createdAt) + (i + 1) * 86_400_000 * (1 + rng.int(9)));
      out.push({
        id: `${product.index}-${i + 1}`,
        rating,
        title: REVIEW_TITLES[lang][tone],
        body: rng.pick(REVIEW_LINES[lang][tone]),
        author: rng.pick(REVIEWER_NAMES[lang]),
        date: day.toISOString(),
        verified: rng.chance(0.8),
        helpful: rng.int(40),
      });
    }
    return out;
  }
}

/** Product ids in each marketplace's own format, unique by construction (mix32 is a bijection). */
export function productId(marketplace: Marketplace, index: number): string {
  const m = mix32(index + 1);
  switch (marketplace) {
    case "emporium":
      return `B0${m.toString(36).toUpperCase().padStart(8, "0")}`;
    case "auction":
      return `v1|${200_000_000_000 + m}|0`;
    case "megastore":
      return String(1_000_000_000 + m);
    case "storefront":
      return `gid://shopify/Product/${7_000_000_000_000 + m}`;
    case "crossborder":
      return String(1_005_000_000_000_000 + m);
  }
}

function variantId(marketplace: Marketplace, index: number, v: number): string {
  const m = mix32((index + 1) * 16 + v);
  switch (marketplace) {
    case "emporium":
      return `B1${m.toString(36).toUpperCase().padStart(8, "0")}`;
    case "megastore":
      return String(6_000_000_000 + m);
    case "storefront":
      return `gid://shopify/ProductVariant/${40_000_000_000_000 + (index + 1) * 16 + v}`;
    default:
      // 17 digits: beyond Number's exact range, so composed as text.
      return `12000${String((index + 1) * 16 + v).padStart(12, "0")}`;
  }
}

function generate(
  marketplace: Marketplace,
  index: number,
  seed: number,
  epoch: Date,
  taxonomy: Taxonomy,
): CatalogProduct {
  const profile = PROFILES[marketplace];
  const lang = profile.lang;
  const rng = new Rng(seed ^ hash32(marketplace) ^ mix32(index + 7));
  const leaf = taxonomy.leaves[rng.int(taxonomy.leaves.length)]!;
  const noun = leaf.noun!;
  const brand = rng.pick(BRANDS[lang]);
  const features = rng.sample(FEATURES, 2 + rng.int(2));
  const usd = rng.range(noun.usd[0], noun.usd[1]);
  // Prices end in .99/.49 in dollars, and in round numbers in yen and yuan, as shops price them.
  const baseMinor =
    profile.currency === "USD"
      ? Math.max(99, Math.round(usd) * 100 - (rng.chance(0.5) ? 1 : 51))
      : Math.round((usd * profile.minorPerUsd) / 10) * 10;
  const discountPct = rng.chance(0.35) ? 5 * (2 + rng.int(11)) : 0;

  const variants: Variant[] = [];
  const kind = marketplace === "crossborder" && noun.variants === "none" ? "color" : noun.variants;
  const colorCount = kind === "color" || marketplace === "crossborder" ? 1 + rng.int(4) : 0;
  const sizeCount =
    kind === "size" ? 2 + rng.int(3) : marketplace === "crossborder" && rng.chance(0.4) ? 2 : 0;
  const wantsVariants = marketplace === "crossborder" || (marketplace !== "auction" && rng.chance(0.45));
  // A crossborder product always has at least one SKU: its price lives there.
  if (wantsVariants && (colorCount + sizeCount > 1 || marketplace === "crossborder")) {
    const colors = colorCount > 0 ? rng.sample(COLORS, colorCount) : [undefined];
    const sizes = sizeCount > 0 ? SIZES.slice(0, sizeCount) : [undefined];
    let v = 0;
    for (const color of colors) {
      for (const size of sizes) {
        // Variants of one product spread up to about 60% above the cheapest one.
        const step = marketplace === "crossborder" ? 1 + rng.range(0, 0.6) : 1 + rng.range(0, 0.25);
        const priceMinor = v === 0 ? baseMinor : roundPrice(baseMinor * step, profile.currency);
        variants.push({
          id: variantId(marketplace, index, v),
          color,
          size,
          priceMinor,
          listMinor: discountPct
            ? roundPrice((priceMinor * 100) / (100 - discountPct), profile.currency)
            : undefined,
          stock: rng.chance(0.12) ? 0 : 1 + rng.int(300),
        });
        v++;
      }
    }
  }
  const priceMinor = variants.length > 0 ? Math.min(...variants.map((x) => x.priceMinor)) : baseMinor;
  const listMinor = discountPct
    ? roundPrice((priceMinor * 100) / (100 - discountPct), profile.currency)
    : undefined;
  const stock =
    variants.length > 0
      ? variants.reduce((sum, x) => sum + x.stock, 0)
      : rng.chance(0.08)
        ? 0
        : 1 + rng.int(500);

  const rated = rng.chance(0.88);
  const rating = rated ? Math.round(rng.range(2.6, 5) * 10) / 10 : 0;
  const ratingCount = rated ? Math.round(Math.exp(rng.range(0, 8.5))) : 0;

  const conditionRoll = rng.next();
  const condition: Condition =
    marketplace !== "auction"
      ? "new"
      : conditionRoll < 0.6
        ? "new"
        : conditionRoll < 0.9
          ? "used"
          : "refurbished";
  const createdAt = new Date(epoch.getTime() - rng.int(720) * 86_400_000 - rng.int(86_400_000)).toISOString();
  const isAuction = marketplace === "auction" && rng.chance(0.4);
  const endsAt =
    marketplace === "auction"
      ? new Date(epoch.getTime() + (1 + rng.int(10 * 24 * 60)) * 60_000).toISOString()
      : undefined;
  const buyingOptions =
    marketplace === "auction"
      ? isAuction
        ? ["AUCTION"]
        : rng.chance(0.4)
          ? ["FIXED_PRICE", "BEST_OFFER"]
          : ["FIXED_PRICE"]
      : [];

  const colorWord = variants[0]?.color ?? (kind === "color" ? rng.pick(COLORS) : undefined);
  const title = makeTitle(lang, brand, leaf, features, colorWord, discountPct > 0 ? rng.int(3) : 0);
  const description = makeDescription(lang, brand, leaf, features);
  const path = ancestry(leaf).map((n) => n.id);
  const names = ancestry(leaf).flatMap((n) => [n.words.en, n.words[lang]]);
  const searchText = [title, brand, noun.words.en, noun.words[lang], ...names, ...features.map((f) => f.en)]
    .join(" ")
    .toLowerCase();
  const freeShipping = rng.chance(0.55);
  const shippingMinor = freeShipping
    ? 0
    : roundPrice(rng.range(2, 12) * profile.minorPerUsd, profile.currency);

  return {
    marketplace,
    index,
    id: productId(marketplace, index),
    title,
    brand,
    description,
    features,
    leaf,
    path,
    currency: profile.currency,
    priceMinor,
    listMinor,
    discountPct,
    rating,
    ratingCount,
    variants,
    stock,
    freeShipping,
    shippingMinor,
    condition,
    createdAt,
    endsAt: isAuction ? endsAt : undefined,
    buyingOptions,
    imageCount: 1 + rng.int(3),
    badge: discountPct > 0 ? BADGES[0]! : rng.pick(BADGES.slice(1)),
    seller: {
      name:
        lang === "en"
          ? `${brand.toLowerCase().replace(/[^a-z]+/g, "_")}_${["outlet", "store", "direct", "deals"][rng.int(4)]}`
          : `${brand}${lang === "zh" ? "旗舰店" : "公式ストア"}`,
      feedbackPercent: Math.round(rng.range(90, 100) * 10) / 10,
      feedbackScore: rng.int(50_000),
    },
    prohibitedCountries:
      marketplace === "crossborder" && rng.chance(0.08) ? ["RU", "BR", "IN"].slice(0, 1 + rng.int(3)) : [],
    reviewApp:
      marketplace !== "storefront"
        ? "none"
        : rng.chance(0.7)
          ? "marketlens"
          : rng.chance(0.5)
            ? "yotpo"
            : "none",
    design: {
      hueA: rng.int(360),
      hueB: rng.int(360),
      shape: rng.int(4),
      layout: rng.int(3),
      accent: rng.int(360),
    },
    image: ORIGINAL_IMAGE,
    searchText,
  };
}

/**
 * Turns a generated product into a marketplace's listing of a global product: the global product's brand,
 * kind, features, colour and look; this listing's own price, pack size, title and picture copy. What the
 * generator made for the slot (ratings, stock, seller, shipping, variants' shape) stays.
 */
export function applyCrossListing(product: CatalogProduct, listing: ListingPlan): CatalogProduct {
  const profile = PROFILES[product.marketplace];
  const lang = profile.lang;
  const rng = new Rng(mix32(listing.global.id * 8 + product.index) ^ hash32(product.marketplace));
  const { global } = listing;
  const priceMinor = listingPriceMinor(listing, profile.currency, profile.minorPerUsd);
  const variants = recolorVariants(
    product.variants,
    listing.color,
    product.priceMinor,
    priceMinor,
    profile.currency,
  );
  const lowest = variants.length > 0 ? Math.min(...variants.map((v) => v.priceMinor)) : priceMinor;
  const model = writtenModel(global.model, rng);
  const features = rng.chance(0.3) ? [...global.features].reverse() : global.features;
  const title = [
    makeTitle(lang, global.brand, listing.leaf, features, listing.color, rng.int(3)),
    listing.model === "title" ? model : undefined,
    listing.packSize > 1 ? packWords(lang, listing.packSize) : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  const description = [
    makeDescription(lang, global.brand, listing.leaf, features),
    listing.model !== "none" ? modelLine(lang, model) : undefined,
    listing.gtin ? gtinLine(lang, global.gtin) : undefined,
    listing.packSize > 1 ? packWords(lang, listing.packSize) : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  const names = ancestry(listing.leaf).flatMap((n) => [n.words.en, n.words[lang]]);
  const noun = listing.leaf.noun!;
  // Marketplaces index a listing's model number (item specifics), with and without its hyphen.
  const modelTerms = listing.model !== "none" ? [global.model, global.model.replace("-", "")] : [];
  const searchText = [
    title,
    global.brand,
    noun.words.en,
    noun.words[lang],
    ...names,
    ...features.map((f) => f.en),
    ...modelTerms,
  ]
    .join(" ")
    .toLowerCase();
  return {
    ...product,
    title,
    brand: global.brand,
    description,
    features,
    leaf: listing.leaf,
    path: ancestry(listing.leaf).map((n) => n.id),
    priceMinor: lowest,
    listMinor: product.discountPct
      ? roundPrice((lowest * 100) / (100 - product.discountPct), profile.currency)
      : undefined,
    variants,
    design: global.design,
    image: listing.image,
    searchText,
  };
}

/** This listing's price in minor units: its dollar price times the pack (a multipack is a little cheaper a unit). */
export function listingPriceMinor(listing: ListingPlan, currency: string, minorPerUsd: number): number {
  const usd = listing.usd * listing.packSize * (listing.packSize > 1 ? 0.92 : 1);
  return roundPrice(usd * minorPerUsd, currency);
}

/** The variants with the listing's colour first, priced on the listing's base price. */
function recolorVariants(
  variants: Variant[],
  color: Words,
  oldBase: number,
  newBase: number,
  currency: string,
): Variant[] {
  const first = variants[0]?.color;
  return variants.map((v) => ({
    ...v,
    color:
      v.color === undefined ? undefined : v.color === first ? color : v.color === color ? first : v.color,
    priceMinor: roundPrice((v.priceMinor * newBase) / oldBase, currency),
    listMinor:
      v.listMinor === undefined ? undefined : roundPrice((v.listMinor * newBase) / oldBase, currency),
  }));
}

function modelLine(lang: Lang, model: string): string {
  if (lang === "zh") return `型号：${model}`;
  if (lang === "ja") return `型番：${model}`;
  return `Model: ${model}.`;
}

function gtinLine(lang: Lang, gtin: string): string {
  if (lang === "zh") return `条形码：${gtin}`;
  if (lang === "ja") return `JAN：${gtin}`;
  return `EAN: ${gtin}.`;
}

function roundPrice(minor: number, currency: string): number {
  if (currency === "USD") return Math.max(99, Math.round(minor / 100) * 100 - 1);
  return Math.max(10, Math.round(minor / 10) * 10);
}

function makeTitle(
  lang: Lang,
  brand: string,
  leaf: CategoryNode,
  features: Words[],
  color: Words | undefined,
  year: number,
): string {
  const qualifier = leaf.qualifier?.[lang];
  const noun = leaf.noun!.words[lang];
  const f = features.map((x) => x[lang]);
  if (lang === "en") {
    return [brand, qualifier, noun, `${f[0]}, ${f[1]}`, color?.en]
      .filter(Boolean)
      .join(" ")
      .replace(/ ,/g, ",");
  }
  if (lang === "zh") {
    return [`${2024 + year}新款`, brand, qualifier, noun, ...f, color?.zh].filter(Boolean).join(" ");
  }
  return [brand, qualifier, noun, ...f, color?.ja].filter(Boolean).join(" ");
}

function makeDescription(lang: Lang, brand: string, leaf: CategoryNode, features: Words[]): string {
  const noun = leaf.noun!.words[lang];
  const f = features.map((x) => x[lang]);
  if (lang === "en")
    return `The ${brand} ${noun} is ${f.join(", ").toLowerCase()}. Designed for everyday use and backed by our satisfaction promise.`;
  if (lang === "zh") return `${brand}${noun}，${f.join("、")}。品质保证，日常使用更安心。`;
  return `${brand}の${noun}。${f.join("・")}。毎日使いやすいデザインで、品質にもこだわりました。`;
}

const catalogs = new Map<string, MarketCatalog>();

/** The catalog of one marketplace for a seed, generated on first use and shared afterwards. */
export function catalogOf(marketplace: Marketplace, seed = 1, epoch = defaultEpoch()): MarketCatalog {
  const key = `${marketplace}:${seed}:${epoch.toISOString()}`;
  let catalog = catalogs.get(key);
  if (!catalog) {
    catalog = atOnce(catalogSteps(marketplace, seed, epoch));
    catalogs.set(key, catalog);
  }
  return catalog;
}

/**
 * The same catalog generated in slices (slices.ts), for a server warming it in the background; what
 * catalogOf generated meanwhile, for a request that could not wait, is the one kept.
 */
export async function warmCatalog(marketplace: Marketplace, seed = 1, epoch = defaultEpoch()): Promise<void> {
  const key = `${marketplace}:${seed}:${epoch.toISOString()}`;
  if (catalogs.has(key)) return;
  const catalog = await inSlices(catalogSteps(marketplace, seed, epoch));
  if (!catalogs.has(key)) catalogs.set(key, catalog);
}

function* catalogSteps(marketplace: Marketplace, seed: number, epoch: Date): Steps<MarketCatalog> {
  const plan = yield* crossListingPlanSteps(seed);
  const taxonomy = taxonomyOf(marketplace);
  const products: CatalogProduct[] = [];
  for (let index = 0; index < PROFILES[marketplace].count; index++) {
    const generated = generate(marketplace, index, seed, epoch, taxonomy);
    const listing = plan.slot(marketplace, index);
    products.push(listing ? applyCrossListing(generated, listing) : generated);
    yield;
  }
  return new MarketCatalog(marketplace, products);
}

/** Auction end times are relative to this day, so listings stay in the future while the sandbox runs. */
export function defaultEpoch(now = Date.now()): Date {
  return new Date(Math.floor(now / 86_400_000) * 86_400_000);
}
