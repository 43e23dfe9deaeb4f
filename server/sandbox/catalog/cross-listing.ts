import { MARKETPLACES, type Marketplace } from "../../../src/contract/marketplace.ts";
import { hash32, mix32, Rng } from "./rng.ts";
import { atOnce, type Steps } from "./slices.ts";
import { type CategoryNode, taxonomyOf } from "./taxonomy.ts";
import {
  BRANDS,
  COLORS,
  DEPARTMENTS,
  FEATURES,
  type Lang,
  type Noun,
  QUALIFIERS,
  type Words,
} from "./vocab.ts";

/**
 * Cross-listings: the same product sold on several marketplaces, the way real ones are. A product of the
 * world (a "global product": one brand, one model number, one GTIN, one look) is listed on two to five
 * marketplaces; each listing has that marketplace's own title in its language, its own price, currency and
 * shipping, its own copy of the picture (resized, re-encoded, re-cropped), sometimes another pack size or
 * colour. Some global products are siblings of another (same brand and kind, another model and look), the
 * near-misses a matcher must not take.
 *
 * The plan says which catalog slot of which marketplace lists which global product. The catalog generates
 * those slots from the plan; the truth (which listings are one product) is read by the evaluation only,
 * never served through any API.
 */

/** How many global products a seed's world holds. */
export const GLOBAL_PRODUCTS = 1000;

export interface GlobalProduct {
  id: number;
  noun: Noun;
  qualifier: Words | undefined;
  brand: string;
  model: string;
  gtin: string;
  features: Words[];
  color: Words;
  usd: number;
  design: { hueA: number; hueB: number; shape: number; layout: number; accent: number };
  /** The global product this one is a sibling of (same brand and kind, another model). */
  siblingOf: number | undefined;
}

/** How a copy of a picture differs from the maker's: its size, crop and JPEG quality. */
export interface ImageCopy {
  size: number;
  /** Kept share of each side (1 = uncropped) and the top-left corner of the kept square, as shares. */
  keep: number;
  left: number;
  top: number;
  quality: number;
}

export const ORIGINAL_IMAGE: ImageCopy = { size: 800, keep: 1, left: 0, top: 0, quality: 88 };

export interface ListingPlan {
  global: GlobalProduct;
  marketplace: Marketplace;
  index: number;
  leaf: CategoryNode;
  /** Units in one listing (1, or a multipack: 2, 3, 4, 6). */
  packSize: number;
  /** The colour this listing sells (another than the global product's in a share of listings). */
  color: Words;
  colorDiffers: boolean;
  /** Where the model number is written: the title, only the description, or nowhere. */
  model: "title" | "description" | "none";
  gtin: boolean;
  /** This listing's price before pack and currency, in dollars. */
  usd: number;
  image: ImageCopy;
}

export interface CrossListingPlan {
  globals: GlobalProduct[];
  listings: ListingPlan[];
  slot(marketplace: Marketplace, index: number): ListingPlan | undefined;
}

/** Catalog sizes (kept here so the plan needs no catalog; catalog.ts reads them from here). */
export const CATALOG_COUNTS: Record<Marketplace, number> = {
  emporium: 5000,
  auction: 5000,
  megastore: 5000,
  storefront: 2500,
  crossborder: 3000,
};

const plans = new Map<number, CrossListingPlan>();

/** The plan for a seed, made once (tens of milliseconds). */
export function crossListingPlan(seed: number): CrossListingPlan {
  return plans.get(seed) ?? atOnce(crossListingPlanSteps(seed));
}

/** The plan made step by step (slices.ts), kept for the seed once made. */
export function* crossListingPlanSteps(seed: number): Steps<CrossListingPlan> {
  const made = plans.get(seed);
  if (made) return made;
  const plan = yield* makePlan(seed);
  // Made at once by a request while this one was being made in slices: the first one stays.
  const kept = plans.get(seed) ?? plan;
  plans.set(seed, kept);
  return kept;
}

function* makePlan(seed: number): Steps<CrossListingPlan> {
  const rng = new Rng(seed ^ hash32("cross-listings"));
  const globals: GlobalProduct[] = [];
  for (let id = 0; id < GLOBAL_PRODUCTS; id++) {
    const previous = globals[id - 1];
    globals.push(previous && rng.chance(0.3) ? makeSibling(previous, id, rng) : makeGlobalProduct(id, rng));
    yield;
  }
  const perMarketplace = new Map<Marketplace, Omit<ListingPlan, "index">[]>();
  for (const global of globals) {
    for (const listing of planListings(global, seed)) {
      const list = perMarketplace.get(listing.marketplace) ?? [];
      list.push(listing);
      perMarketplace.set(listing.marketplace, list);
    }
    yield;
  }
  const listings: ListingPlan[] = [];
  const bySlot = new Map<string, ListingPlan>();
  for (const [marketplace, list] of perMarketplace) {
    // Spread the listings evenly over the catalog, never at index 0.
    const count = CATALOG_COUNTS[marketplace];
    list.forEach((listing, j) => {
      const placed = { ...listing, index: Math.floor(((j + 0.5) * count) / list.length) };
      listings.push(placed);
      bySlot.set(`${marketplace}:${placed.index}`, placed);
    });
  }
  return { globals, listings, slot: (marketplace, index) => bySlot.get(`${marketplace}:${index}`) };
}

const ALL_NOUNS: readonly Noun[] = DEPARTMENTS.flatMap((d) => d.nouns);
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

export function makeGlobalProduct(id: number, rng: Rng): GlobalProduct {
  const noun = rng.pick(ALL_NOUNS);
  return {
    id,
    noun,
    qualifier: rng.chance(0.5) ? rng.pick(QUALIFIERS) : undefined,
    brand: rng.pick(BRANDS.en),
    model: modelNumber(rng),
    gtin: gtin13(rng),
    features: rng.sample(FEATURES, 2 + rng.int(2)),
    color: rng.pick(COLORS),
    usd: rng.range(noun.usd[0], noun.usd[1]),
    design: randomDesign(rng),
    siblingOf: undefined,
  };
}

/** The next model of the same brand and kind: another number, another look, a nearby price. */
export function makeSibling(of: GlobalProduct, id: number, rng: Rng): GlobalProduct {
  const digits = of.model.slice(3);
  const next = String((Number(digits) + 1 + rng.int(40)) % 10_000).padStart(4, "0");
  return {
    ...of,
    id,
    model: `${of.model.slice(0, 3)}${next}`,
    gtin: gtin13(rng),
    features: rng.sample(FEATURES, 2 + rng.int(2)),
    color: rng.pick(COLORS),
    usd: of.usd * rng.range(0.8, 1.3),
    design: randomDesign(rng),
    siblingOf: of.id,
  };
}

function modelNumber(rng: Rng): string {
  return `${LETTERS[rng.int(LETTERS.length)]}${LETTERS[rng.int(LETTERS.length)]}-${String(rng.int(10_000)).padStart(4, "0")}`;
}

/** An EAN-13 with a valid check digit. */
export function gtin13(rng: Rng): string {
  const body = `4${String(rng.int(1_000_000)).padStart(6, "0")}${String(rng.int(100_000)).padStart(5, "0")}`;
  return body + gtinCheckDigit(body);
}

export function gtinCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

function randomDesign(rng: Rng): GlobalProduct["design"] {
  return {
    hueA: rng.int(360),
    hueB: rng.int(360),
    shape: rng.int(4),
    layout: rng.int(3),
    accent: rng.int(360),
  };
}

/**
 * Where a global product is listed and how each listing differs. The first marketplace is the maker's
 * own listing (one unit, its colour, the original picture); the others are copies.
 */
export function planListings(global: GlobalProduct, seed: number): Omit<ListingPlan, "index">[] {
  const rng = new Rng(seed ^ mix32(global.id + 0x51ed));
  const order = rng.sample(MARKETPLACES, MARKETPLACES.length);
  const chosen = order.filter((_, i) => i < 2 || rng.chance(0.5));
  const out: Omit<ListingPlan, "index">[] = [];
  for (const marketplace of chosen) {
    const leaf = leafFor(marketplace, global.noun, global.qualifier);
    if (!leaf) continue;
    const copy = out.length > 0;
    const packSize = copy && rng.chance(0.12) ? rng.pick([2, 3, 4, 6]) : 1;
    const colorDiffers = copy && rng.chance(0.08);
    const color = colorDiffers ? rng.pick(COLORS.filter((c) => c !== global.color)) : global.color;
    const roll = rng.next();
    const lang = langOf(marketplace);
    out.push({
      global,
      marketplace,
      leaf,
      packSize,
      color,
      colorDiffers,
      model: roll < 0.65 ? "title" : roll < 0.85 ? "description" : "none",
      gtin: rng.chance(lang === "en" ? 0.6 : 0.25),
      usd: global.usd * (copy ? rng.range(0.85, 1.2) : 1),
      image: copy
        ? {
            size: rng.pick([500, 640, 800, 1000]),
            keep: rng.range(0.88, 1),
            left: rng.range(0, 0.06),
            top: rng.range(0, 0.06),
            quality: 70 + rng.int(22),
          }
        : ORIGINAL_IMAGE,
    });
  }
  return out.length >= 2 ? out : [];
}

const leafIndex = new Map<Marketplace, Map<Noun, CategoryNode[]>>();

function leavesOf(marketplace: Marketplace): Map<Noun, CategoryNode[]> {
  let index = leafIndex.get(marketplace);
  if (!index) {
    index = new Map();
    for (const leaf of taxonomyOf(marketplace).leaves) {
      if (!leaf.noun) continue;
      index.set(leaf.noun, [...(index.get(leaf.noun) ?? []), leaf]);
    }
    leafIndex.set(marketplace, index);
  }
  return index;
}

function langOf(marketplace: Marketplace): Lang {
  return marketplace === "crossborder" ? "zh" : marketplace === "storefront" ? "ja" : "en";
}

/** The leaf of a marketplace's tree for a kind of product: the qualified one when the tree has it. */
export function leafFor(
  marketplace: Marketplace,
  noun: Noun,
  qualifier: Words | undefined,
): CategoryNode | undefined {
  const leaves = leavesOf(marketplace).get(noun) ?? [];
  return (
    leaves.find((leaf) => leaf.qualifier === qualifier) ?? leaves.find((leaf) => !leaf.qualifier) ?? leaves[0]
  );
}

/** "(Pack of 2)", "2件装", "2個セット": how each language writes a multipack in a title. */
export function packWords(lang: Lang, packSize: number): string {
  if (lang === "zh") return `${packSize}件装`;
  if (lang === "ja") return `${packSize}個セット`;
  return `(Pack of ${packSize})`;
}

/** A model number as a shop writes it: most keep the hyphen, some drop it. */
export function writtenModel(model: string, rng: Rng): string {
  return rng.chance(0.25) ? model.replace("-", "") : model;
}
