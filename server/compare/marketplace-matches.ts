import { GatewayError } from "../../src/contract/errors.ts";
import type { Marketplace, Product, SearchResult } from "../../src/contract/marketplace.ts";
import type { ComparerOptions, FoundMatch, SourceRead } from "./comparison-types.ts";
import { calibratedScores, judge, type ListingView } from "./evidence.ts";
import { toMatch } from "./found-match.ts";
import { brandIn, viewOf } from "./listing-view.ts";
import type { MarketplaceCaller } from "./marketplace-calls.ts";
import { contentTypeOf, hashOrUndefined, readPicture } from "./picture.ts";
import { translateTitles } from "./title-terms.ts";

/**
 * One other marketplace's best matches for the source: keyword searches (the model number; the brand and
 * the kind of product in English) and a visual search where the marketplace offers one, each search's rows
 * made comparable as soon as it answers; the likeliest candidates read in full (description, shipping)
 * while the slower searches still run; pictures compared for the likeliest by words; all judged and scored.
 */

/** Candidates whose pictures are compared, per marketplace (the rest are judged on their words). */
const PICTURED = 6;
/** Candidates read in full per marketplace (each read is a charged call). */
export const DETAILED = 2;
/** A match weaker than this is not worth a row. */
const MIN_SCORE = 0.05;

type Row = SearchResult["items"][number];

interface Candidate {
  row: Row;
  view: ListingView;
  /** Found by a keyword search (the visual search answers later: it waits for the source's picture). */
  byKeyword: boolean;
}

interface Detailed {
  product: Product;
  view: ListingView;
}

export interface MatchContext {
  options: ComparerOptions;
  read: SourceRead;
  call: MarketplaceCaller;
  signal: AbortSignal;
  /** Result pages of the brand-and-kind search to read (the model-number search needs one). */
  pages: number;
  candidate?: (match: FoundMatch) => void;
}

export async function matchesOn(marketplace: Marketplace, ctx: MatchContext): Promise<FoundMatch[]> {
  const { options, read, call, signal } = ctx;
  const translator = await options.translator();
  const rates = await options.rates();
  const candidates = new Map<string, Candidate>();
  const reads = new Map<string, Promise<Detailed | undefined>>();
  const byWords = (list: Candidate[]) => rankBy(list, (c) => judge(read.view, c.view, rates).score);
  const readInFull = async (c: Candidate): Promise<Detailed> => {
    const { data: product } = await call<Product>(
      marketplace,
      "product",
      { productId: c.row.productId },
      signal,
    );
    const [title] = await translateTitles([product.title], translator, signal);
    const brand = product.brand ?? brandIn(product.title, read.view.brand);
    return {
      product,
      view: viewOf(marketplace, { ...product, brand }, title!, undefined, product.description),
    };
  };
  // A listing that cannot be read in full is judged on its search row (a failed read charges nothing).
  const startReads = (ranked: Candidate[]) => {
    for (const c of ranked) {
      if (reads.size >= DETAILED) return;
      if (!reads.has(c.row.productId))
        reads.set(
          c.row.productId,
          readInFull(c).catch(() => undefined),
        );
    }
  };
  const model = read.view.facts.models[0];
  const absorb = async (result: SearchResult, byKeyword: boolean) => {
    const fresh = uniqueRows(result.items).filter((r) => !candidates.has(r.productId));
    for (const r of result.items) {
      const known = candidates.get(r.productId);
      if (known && byKeyword) known.byKeyword = true;
    }
    const english = await translateTitles(
      fresh.map((r) => r.title),
      translator,
      signal,
    );
    const added: Candidate[] = [];
    fresh.forEach((row, i) => {
      if (candidates.has(row.productId)) return;
      const brand = row.brand ?? brandIn(row.title, read.view.brand);
      const c = { row, view: viewOf(marketplace, { ...row, brand }, english[i]!, undefined), byKeyword };
      candidates.set(row.productId, c);
      added.push(c);
    });
    // A row with the source's model number is all but sure to be among the best by words: its read in
    // full starts now, not after the slower searches (the visual one waits for the source's picture).
    if (byKeyword && model) startReads(byWords(added.filter((c) => c.view.facts.models.includes(model))));
  };

  const keyword: Promise<void>[] = [];
  if (model) keyword.push(searchPages(marketplace, [model], 1, call, signal, absorb));
  const words = [read.view.brand, read.kind].filter(Boolean).join(" ");
  // A deeper comparison reads more result pages: the brand and kind's, then the kind alone's (listings
  // that do not name the brand) once those run out.
  const broader = read.kind && words !== read.kind ? [words, read.kind] : [words];
  if (words) keyword.push(searchPages(marketplace, broader, ctx.pages, call, signal, absorb));
  const searches = [...keyword];
  if (options.visual.has(marketplace)) {
    searches.push(
      read.picture.then(async (bytes) => {
        if (!bytes)
          throw new GatewayError("IMAGE_REQUIRED", "The source listing's picture could not be read.");
        const image = { contentType: contentTypeOf(bytes), data: Buffer.from(bytes).toString("base64") };
        const { data } = await call<SearchResult>(marketplace, "image-search", { image }, signal);
        await absorb(data, false);
      }),
    );
  }
  // Once the keyword searches have answered, their best rows by words are read in full meanwhile.
  const keywordReads = Promise.allSettled(keyword).then(() =>
    startReads(byWords([...candidates.values()].filter((c) => c.byKeyword))),
  );
  if (searches.length === 0) return [];
  const settled = await Promise.allSettled(searches);
  await keywordReads;
  if (settled.every((s) => s.status === "rejected")) throw (settled[0] as PromiseRejectedResult).reason;
  if (candidates.size === 0) return [];

  const ranked = byWords([...candidates.values()]);
  // Reads left over (the keyword searches failed or found little) go to the best of all rows.
  startReads(ranked);
  // Pictures cost a download and a decode each: only the candidates the words make likely.
  await read.picture;
  const pictured = ranked.filter((c, i) => i < PICTURED || reads.has(c.row.productId));
  await Promise.all(pictured.map((c) => hashPicture(c.view, read, options, signal)));
  const detailed = (await Promise.all(reads.values())).flatMap((d) => (d ? [d] : []));
  for (const d of detailed) d.view.image = candidates.get(d.view.productId)?.view.image;
  const found: FoundMatch[] = detailed.map(({ view, product }) =>
    toMatch(read.view, view, rates, product, undefined),
  );
  for (const c of pictured)
    if (!detailed.some((d) => d.view.productId === c.row.productId))
      found.push(toMatch(read.view, c.view, rates, undefined, c.row));
  return scored(found, options.perMarketplace ?? 3, ctx.candidate);
}

/**
 * Up to `pages` result pages, one call each, from the first query on: later pages follow the first (by
 * `page`, or by the cursor where a marketplace pages that way), the next query once a query has no more.
 * Only the very first page's failure fails the search; a later one leaves the rows found (and charges
 * nothing).
 */
async function searchPages(
  marketplace: Marketplace,
  queries: readonly string[],
  pages: number,
  call: MarketplaceCaller,
  signal: AbortSignal,
  absorb: (result: SearchResult, byKeyword: boolean) => Promise<void>,
): Promise<void> {
  let left = pages;
  for (const query of queries) {
    let params: Record<string, unknown> = { query };
    for (let page = 1; left > 0; page++) {
      const first = left === pages;
      left -= 1;
      const answer = await call<SearchResult>(marketplace, "search", params, signal).catch((error) => {
        if (first) throw error;
        return undefined;
      });
      if (!answer) return;
      await absorb(answer.data, true);
      const { paging } = answer.data;
      if (!paging.hasMore) break;
      params = paging.nextCursor ? { query, cursor: paging.nextCursor } : { query, page: page + 1 };
    }
    if (left === 0) return;
  }
}

async function hashPicture(
  view: ListingView,
  read: SourceRead,
  options: ComparerOptions,
  signal: AbortSignal,
): Promise<void> {
  if (!view.imageUrl || !read.view.image) return;
  const bytes = await readPicture(options.fetchImage, view.imageUrl, signal);
  view.image = bytes ? await hashOrUndefined(bytes) : undefined;
}

/** Calibrated scores (they weigh each match against the others of its marketplace), the best kept. */
function scored(found: FoundMatch[], keep: number, candidate?: (m: FoundMatch) => void): FoundMatch[] {
  const scores = calibratedScores(found.map((m) => m.evidence));
  found.forEach((m, i) => {
    m.score = scores[i]!;
  });
  if (candidate) for (const match of found) candidate(match);
  return found
    .filter((m) => m.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score)
    .slice(0, keep);
}

function uniqueRows(rows: readonly Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.productId) && seen.add(r.productId));
}

function rankBy<T>(items: T[], score: (item: T) => number): T[] {
  return items
    .map((item) => ({ item, s: score(item) }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.item);
}
