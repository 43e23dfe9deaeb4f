/**
 * What the side panel knows of one comparison as its events arrive, and the choices it makes from that:
 * the order of the rows, which row is the cheapest fair match, and what each other marketplace's row
 * says while it is searching, once it answered with nothing, or when it failed.
 */

import type {
  CompareEvent,
  CompareSummary,
  FailedMarketplace,
  MatchRow,
  SourceRow,
} from "../../contract/compare.ts";
import { MARKETPLACES, type Marketplace } from "../../contract/marketplace.ts";

export interface ComparisonState {
  source: SourceRow | undefined;
  matches: MatchRow[];
  failed: FailedMarketplace[];
  summary: CompareSummary | undefined;
  /** ms since the comparison started, when each marketplace's first row (or failure) arrived. */
  firstSeenMs: Partial<Record<Marketplace, number>>;
}

export const EMPTY: ComparisonState = {
  source: undefined,
  matches: [],
  failed: [],
  summary: undefined,
  firstSeenMs: {},
};

export function applyEvent(state: ComparisonState, event: CompareEvent, elapsedMs: number): ComparisonState {
  const seen = (m: Marketplace) => ({
    ...state.firstSeenMs,
    [m]: state.firstSeenMs[m] ?? Math.round(elapsedMs),
  });
  switch (event.event) {
    case "source":
      return { ...state, source: event.data };
    case "match":
      return { ...state, matches: [...state.matches, event.data], firstSeenMs: seen(event.data.marketplace) };
    case "failed":
      return { ...state, failed: [...state.failed, event.data], firstSeenMs: seen(event.data.marketplace) };
    case "summary":
      // The summary is the whole answer: it replaces what streamed (same rows, in the server's order).
      return {
        ...state,
        source: event.data.source,
        matches: event.data.matches,
        failed: event.data.failed,
        summary: event.data,
      };
  }
}

export type SortKey = "landed" | "score";

export function sortRows(rows: readonly MatchRow[], by: SortKey): MatchRow[] {
  return [...rows].sort((a, b) =>
    by === "landed" ? a.landed.amount - b.landed.amount || b.score - a.score : b.score - a.score,
  );
}

/** A match the seller can take at its word: likely the same product, same pack, same variant. */
export function isFairMatch(row: MatchRow): boolean {
  return row.score >= 0.5 && !row.warnings.some((w) => w.code === "pack-size" || w.code === "variant");
}

export function cheapestFairMatch(rows: readonly MatchRow[]): MatchRow | undefined {
  return rows.filter(isFairMatch).sort((a, b) => a.landed.amount - b.landed.amount)[0];
}

export type MarketplaceStatus =
  | { marketplace: Marketplace; state: "searching" }
  | { marketplace: Marketplace; state: "matched"; count: number }
  | { marketplace: Marketplace; state: "none" }
  | { marketplace: Marketplace; state: "failed"; code: string; message: string };

/** One line per other marketplace, in the gateway's order. */
export function marketplaceStatuses(state: ComparisonState): MarketplaceStatus[] {
  if (!state.source) return [];
  const source = state.source.marketplace;
  return MARKETPLACES.filter((m) => m !== source).map((marketplace): MarketplaceStatus => {
    const failure = state.failed.find((f) => f.marketplace === marketplace);
    if (failure) return { marketplace, state: "failed", code: failure.code, message: failure.message };
    const count = state.matches.filter((r) => r.marketplace === marketplace).length;
    if (count > 0) return { marketplace, state: "matched", count };
    return { marketplace, state: state.summary ? "none" : "searching" };
  });
}
