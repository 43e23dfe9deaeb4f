import { GatewayError } from "../../src/contract/errors.ts";
import type { Marketplace, Money, Product, SearchResult } from "../../src/contract/marketplace.ts";
import type { Translator } from "../../src/translate/port.ts";
import type { Evidence, ListingView, Warning } from "./evidence.ts";
import { calibratedScores, judge } from "./evidence.ts";
import { addMoney, convert, type RateTable } from "./exchange-rates.ts";
import { hashImageBytes, type ImageHash } from "./image-hash.ts";
import { listingFacts } from "./listing-facts.ts";
import type { MarketplaceCaller } from "./marketplace-calls.ts";
import { englishTerms, translateTitles } from "./title-terms.ts";

/**
 * One comparison: the source listing read through the gateway, then for every other marketplace, in
 * parallel and within a deadline, keyword searches (the model number; the brand and the kind of product
 * in English) and a visual search where the marketplace offers one; candidates judged on their evidence,
 * the best ones read in full (description, shipping) and judged again; each marketplace's matches
 * reported as soon as they are scored.
 */

export interface CompareRequest {
  marketplace: Marketplace;
  productId: string;
}

export interface SourceListing {
  marketplace: Marketplace;
  productId: string;
  title: string;
  url: string;
  price: Money;
  imageUrl: string | undefined;
}

/** A match before its landed cost is put in the asker's currency. */
export interface FoundMatch {
  marketplace: Marketplace;
  productId: string;
  title: string;
  url: string;
  imageUrl: string | undefined;
  price: Money;
  /** Shipping to add for the landed cost: an amount, free, or unknown (search rows rarely say). */
  shipping: Money | "free" | "unknown";
  rating: { average: number; count: number } | undefined;
  seller: string | undefined;
  inStock: boolean | undefined;
  score: number;
  evidence: Evidence;
  warnings: Warning[];
}

export interface Failure {
  marketplace: Marketplace;
  code: string;
  message: string;
}

export interface Comparison {
  source: SourceListing;
  matches: FoundMatch[];
  failed: Failure[];
  units: number;
}

export interface CompareEvents {
  match?(match: FoundMatch): void;
  failed?(failure: Failure): void;
  /** Every candidate judged, reported or not (the evaluation fits the score on them). */
  candidate?(match: FoundMatch): void;
}

export interface ComparerOptions {
  marketplaces: readonly Marketplace[];
  /** Marketplaces that offer image-search. */
  visual: ReadonlySet<Marketplace>;
  translator: () => Promise<Translator>;
  rates: () => Promise<RateTable>;
  /** Reads a picture's bytes (loopback sandbox or a marketplace's CDN). */
  fetchImage(url: string, signal: AbortSignal): Promise<Uint8Array>;
  /** How long the other marketplaces have, from the moment the source was read. */
  deadlineMs: number;
  /** Matches reported per marketplace. */
  perMarketplace?: number;
}

/** Candidates whose pictures are compared, per marketplace (the rest are judged on their words). */
const PICTURED = 6;
/** Candidates read in full per marketplace. */
const DETAILED = 2;
/** A match weaker than this is not worth a row. */
const MIN_SCORE = 0.05;

export interface SourceRead {
  source: SourceListing;
  /** Its picture's hash arrives later, with `picture`. */
  view: ListingView;
  /** The picture's bytes, once read (undefined when it could not be). */
  picture: Promise<Uint8Array | undefined>;
  /** The kind of product in English ("earbud"), for the keyword query. */
  kind: string | undefined;
  units: number;
}

export class Comparer {
  constructor(private readonly options: ComparerOptions) {}

  /** Reads the source listing; errors here (not found, no balance) fail the whole request. */
  async readSource(
    request: CompareRequest,
    call: MarketplaceCaller,
    signal: AbortSignal,
  ): Promise<SourceRead> {
    const read = () =>
      call<Product>(request.marketplace, "product", { productId: request.productId }, signal);
    // A connection refused before the request was sent is tried once more (nothing was charged for it).
    const { data: product, units } = await read().catch((error: unknown) => {
      if (error instanceof GatewayError && error.code === "UPSTREAM_UNAVAILABLE" && !signal.aborted)
        return read();
      throw error;
    });
    const translator = await this.options.translator();
    const leaf = product.category.at(-1)?.name ?? "";
    // The picture is read while the keyword searches run; only visual searches and judging wait for it.
    const picture = product.images[0]
      ? this.#fetch(product.images[0], signal).then(async (bytes) =>
          bytes ? { bytes, hash: await hashOrUndefined(bytes) } : undefined,
        )
      : Promise.resolve(undefined);
    const [title, leafEnglish] = await translateTitles([product.title, leaf], translator, signal);
    const view = viewOf(product.marketplace, product, title!, undefined, product.description);
    const exclude = brandWords(product.brand);
    const kind = [...englishTerms(leafEnglish!, exclude)].at(-1);
    return {
      source: {
        marketplace: product.marketplace,
        productId: product.productId,
        title: product.title,
        url: product.url,
        price: product.price,
        imageUrl: product.images[0],
      },
      view,
      picture: picture.then((p) => {
        view.image = p?.hash;
        return p?.bytes;
      }),
      kind,
      units,
    };
  }

  /** Searches every other marketplace; never throws for one marketplace's fault (it goes to `failed`). */
  async fanOut(
    read: SourceRead,
    call: MarketplaceCaller,
    events: CompareEvents,
    signal: AbortSignal,
  ): Promise<Comparison> {
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.options.deadlineMs)]);
    const targets = this.options.marketplaces.filter((m) => m !== read.source.marketplace);
    const matches: FoundMatch[] = [];
    const failed: Failure[] = [];
    let units = read.units;
    const counted: MarketplaceCaller = async <T>(
      m: Marketplace,
      op: Parameters<MarketplaceCaller>[1],
      params: Record<string, unknown>,
      s: AbortSignal,
    ) => {
      const result = await call<T>(m, op, params, s);
      units += result.units;
      return result;
    };
    await Promise.all(
      targets.map(async (marketplace) => {
        try {
          const found = await this.#searchOne(marketplace, read, counted, deadline, events);
          if (deadline.aborted) throw deadlineError(marketplace, this.options.deadlineMs, signal);
          for (const match of found) {
            matches.push(match);
            events.match?.(match);
          }
        } catch (error) {
          const failure = failureOf(
            marketplace,
            deadline.aborted ? deadlineError(marketplace, this.options.deadlineMs, signal) : error,
          );
          failed.push(failure);
          events.failed?.(failure);
        }
      }),
    );
    matches.sort((a, b) => b.score - a.score);
    return { source: read.source, matches, failed, units };
  }

  async #searchOne(
    marketplace: Marketplace,
    read: SourceRead,
    call: MarketplaceCaller,
    signal: AbortSignal,
    events: CompareEvents,
  ): Promise<FoundMatch[]> {
    const searches: Promise<SearchResult>[] = [];
    const model = read.view.facts.models[0];
    if (model)
      searches.push(call<SearchResult>(marketplace, "search", { query: model }, signal).then((r) => r.data));
    const words = [read.view.brand, read.kind].filter(Boolean).join(" ");
    if (words)
      searches.push(call<SearchResult>(marketplace, "search", { query: words }, signal).then((r) => r.data));
    if (this.options.visual.has(marketplace)) {
      const visual = read.picture.then((bytes) => {
        if (!bytes)
          throw new GatewayError("IMAGE_REQUIRED", "The source listing's picture could not be read.");
        const image = { contentType: contentTypeOf(bytes), data: Buffer.from(bytes).toString("base64") };
        return call<SearchResult>(marketplace, "image-search", { image }, signal).then((r) => r.data);
      });
      searches.push(visual);
    }
    if (searches.length === 0) return [];
    const settled = await Promise.allSettled(searches);
    const answered = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    if (answered.length === 0) throw (settled[0] as PromiseRejectedResult).reason;
    const items = new Map<string, SearchResult["items"][number]>();
    for (const result of answered)
      for (const item of result.items) if (!items.has(item.productId)) items.set(item.productId, item);
    if (items.size === 0) return [];

    const translator = await this.options.translator();
    const rows = [...items.values()];
    const english = await translateTitles(
      rows.map((r) => r.title),
      translator,
      signal,
    );
    const rates = await this.options.rates();
    const wordViews = rows.map((row, i) =>
      viewOf(
        marketplace,
        { ...row, brand: row.brand ?? brandIn(row.title, read.view.brand) },
        english[i]!,
        undefined,
      ),
    );
    // Pictures cost a download and a decode each: only the candidates the words make likely. The best
    // of them by words are read in full meanwhile (description, shipping), off the critical path.
    await read.picture;
    const views = rankBy(wordViews, (v) => judge(read.view, v, rates).score).slice(0, PICTURED);
    const readInFull = async (v: ListingView) => {
      const { data: product } = await call<Product>(
        marketplace,
        "product",
        { productId: v.productId },
        signal,
      );
      const [title] = await translateTitles([product.title], translator, signal);
      return {
        product,
        view: viewOf(
          marketplace,
          { ...product, brand: product.brand ?? brandIn(product.title, read.view.brand) },
          title!,
          undefined,
          product.description,
        ),
      };
    };
    // A listing that cannot be read in full is judged on its search row (a failed read charges nothing).
    const detailing = views.slice(0, DETAILED).map((v) => readInFull(v).catch(() => undefined));
    await Promise.all(
      views.map(async (v) => {
        if (!v.imageUrl || !read.view.image) return;
        const bytes = await this.#fetch(v.imageUrl, signal);
        v.image = bytes ? await hashOrUndefined(bytes) : undefined;
      }),
    );
    const detailed = (await Promise.all(detailing)).flatMap((d) => (d ? [d] : []));
    for (const d of detailed) d.view.image = views.find((v) => v.productId === d.view.productId)?.image;
    const rowJudged = views.filter((v) => !detailed.some((d) => d.view.productId === v.productId));
    const perMarketplace = this.options.perMarketplace ?? 3;
    const found: FoundMatch[] = detailed.map(({ view, product }) =>
      toMatch(read.view, view, rates, product, undefined),
    );
    for (const view of rowJudged)
      found.push(
        toMatch(
          read.view,
          view,
          rates,
          undefined,
          rows.find((r) => r.productId === view.productId),
        ),
      );
    const scores = calibratedScores(found.map((m) => m.evidence));
    found.forEach((m, i) => {
      m.score = scores[i]!;
    });
    if (events.candidate) for (const match of found) events.candidate(match);
    return found
      .filter((m) => m.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score)
      .slice(0, perMarketplace);
  }

  async #fetch(url: string, signal: AbortSignal): Promise<Uint8Array | undefined> {
    try {
      return await this.options.fetchImage(url, signal);
    } catch {
      return undefined;
    }
  }
}

type Row = SearchResult["items"][number];

function toMatch(
  source: ListingView,
  view: ListingView,
  rates: RateTable,
  product: Product | undefined,
  row: Row | undefined,
): FoundMatch {
  const judgement = judge(source, view, rates);
  return {
    marketplace: view.marketplace as Marketplace,
    productId: view.productId,
    title: view.title,
    url: view.url,
    imageUrl: view.imageUrl,
    price: view.price,
    shipping: product ? shippingOf(product) : row?.freeShipping ? "free" : "unknown",
    rating: (product ?? row)?.rating,
    seller: (product ?? row)?.seller?.name,
    inStock: (product ?? row)?.inStock,
    ...judgement,
  };
}

function shippingOf(product: Product): FoundMatch["shipping"] {
  const options = product.shipping ?? [];
  if (options.some((o) => o.free)) return "free";
  const costs = options.flatMap((o) => (o.cost ? [o.cost] : []));
  if (costs.length === 0) return "unknown";
  return costs.reduce((a, b) => (b.amount < a.amount ? b : a));
}

/** Price plus shipping, in the asker's currency; undefined when the rate table lacks a currency. */
export function landedCost(match: FoundMatch, rates: RateTable, currency: string): Money | undefined {
  const price = convert(rates, match.price, currency);
  if (!price) return undefined;
  if (match.shipping === "free" || match.shipping === "unknown") return price;
  const shipping = convert(rates, match.shipping, currency);
  return shipping ? addMoney(price, shipping) : undefined;
}

function viewOf(
  marketplace: string,
  listing: {
    productId: string;
    title: string;
    url: string;
    price: Money;
    brand?: string;
    imageUrl?: string;
    images?: string[];
  },
  englishTitle: string,
  image: ImageHash | undefined,
  description?: string,
): ListingView {
  const facts = listingFacts(listing.title, description);
  const exclude = new Set([...brandWords(listing.brand), ...facts.models.map((m) => m.toLowerCase())]);
  for (const m of facts.models)
    for (const part of m.toLowerCase().split(/(\d+)/)) if (part) exclude.add(part);
  return {
    marketplace,
    productId: listing.productId,
    title: listing.title,
    url: listing.url,
    price: listing.price,
    brand: listing.brand,
    imageUrl: listing.imageUrl ?? listing.images?.[0],
    facts,
    terms: englishTerms(englishTitle, exclude),
    image,
  };
}

function brandWords(brand: string | undefined): Set<string> {
  return new Set(
    (brand ?? "")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
}

/** A row without a brand field names the source's brand when its title does. */
function brandIn(title: string, brand: string | undefined): string | undefined {
  return brand && title.toLowerCase().includes(brand.toLowerCase()) ? brand : undefined;
}

function rankBy<T>(items: T[], score: (item: T) => number): T[] {
  return items
    .map((item) => ({ item, s: score(item) }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.item);
}

async function hashOrUndefined(bytes: Uint8Array): Promise<ImageHash | undefined> {
  try {
    return await hashImageBytes(bytes);
  } catch {
    return undefined;
  }
}

function contentTypeOf(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return "image/png";
  if (bytes[0] === 0x52 && bytes[1] === 0x49) return "image/webp";
  if (bytes[0] === 0x47 && bytes[1] === 0x49) return "image/gif";
  return "image/jpeg";
}

function deadlineError(marketplace: Marketplace, ms: number, caller: AbortSignal): GatewayError {
  return caller.aborted
    ? new GatewayError("BAD_REQUEST", "The caller closed the request before the answer.")
    : new GatewayError(
        "UPSTREAM_TIMEOUT",
        `${marketplace} did not answer within ${(ms / 1000).toFixed(1)} s.`,
      );
}

function failureOf(marketplace: Marketplace, error: unknown): Failure {
  if (error instanceof GatewayError) return { marketplace, code: error.code, message: error.message };
  return { marketplace, code: "INTERNAL_ERROR", message: `${marketplace} could not be compared.` };
}
