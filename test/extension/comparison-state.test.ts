/**
 * The side panel's reading of a comparison: server-sent events parsed as they come, rows sorted by landed
 * cost or score, the cheapest fair match (never a different pack or colour, never a weak match), and one
 * line per other marketplace while searching, once empty, or failed.
 */
import { describe, expect, it } from "vitest";
import type { CompareSummary, MatchRow } from "../../src/contract/compare.ts";
import { CompareRefused, parseEvent, streamComparison } from "../../src/extension/compare/compare-stream.ts";
import {
  applyEvent,
  cheapestFairMatch,
  EMPTY,
  marketplaceStatuses,
  sortRows,
} from "../../src/extension/compare/comparison-state.ts";

function row(
  marketplace: MatchRow["marketplace"],
  landed: number,
  score: number,
  warnings: string[] = [],
): MatchRow {
  return {
    marketplace,
    productId: `${marketplace}-${landed}`,
    title: "Norvale earbuds",
    url: `https://example.com/${marketplace}`,
    price: { amount: landed, currency: "USD" },
    landed: { amount: landed, currency: "EUR" },
    score,
    evidence: {
      image: 0.9,
      title: 0.6,
      brand: "same",
      model: "same",
      gtin: "unknown",
      packSize: { source: 1, match: 1 },
      color: "same",
      unitPriceRatio: 1,
      shipping: "free",
    },
    warnings: warnings.map((code) => ({ code: code as "pack-size", message: code })),
  };
}

const source = {
  marketplace: "crossborder" as const,
  productId: "1005000000000001",
  title: "耳机",
  url: "https://www.aliexpress.com/item/1005000000000001.html",
  price: { amount: 74.3, currency: "CNY" },
};

describe("comparison state", () => {
  it("the cheapest fair match skips a cheaper multipack, another colour and a weak match", () => {
    const rows = [
      row("emporium", 12, 0.97),
      row("auction", 8, 0.95, ["pack-size"]),
      row("megastore", 9, 0.9, ["variant"]),
      row("storefront", 7, 0.3),
      row("auction", 11, 0.6, ["price-band-only"]),
    ];
    expect(cheapestFairMatch(rows)).toBe(rows[4]);
    expect(sortRows(rows, "landed").map((r) => r.landed.amount)).toEqual([7, 8, 9, 11, 12]);
    expect(sortRows(rows, "score").map((r) => r.score)).toEqual([0.97, 0.95, 0.9, 0.6, 0.3]);
    expect(cheapestFairMatch([row("emporium", 5, 0.2)])).toBeUndefined();
  });

  it("each other marketplace is searching, then matched, failed or without a match once the summary came", () => {
    let state = applyEvent(EMPTY, { event: "source", data: source }, 5);
    state = applyEvent(state, { event: "match", data: row("emporium", 12, 0.97) }, 420);
    state = applyEvent(
      state,
      {
        event: "failed",
        data: { marketplace: "megastore", code: "UPSTREAM_ERROR", message: "Walmart answered 500" },
      },
      610,
    );
    expect(marketplaceStatuses(state).map((s) => [s.marketplace, s.state])).toEqual([
      ["auction", "searching"],
      ["storefront", "searching"],
      ["megastore", "failed"],
      ["emporium", "matched"],
    ]);
    expect(state.firstSeenMs).toEqual({ emporium: 420, megastore: 610 });
    const summary: CompareSummary = {
      source,
      matches: state.matches,
      failed: state.failed,
      units: 14,
      rates: { asOf: "2026-11-20", currency: "EUR" },
    };
    state = applyEvent(state, { event: "summary", data: summary }, 900);
    expect(marketplaceStatuses(state).find((s) => s.marketplace === "auction")?.state).toBe("none");
  });
});

describe("the event stream", () => {
  it("parses events split across chunks, and skips comments and unknown events", async () => {
    const text = `event: source\ndata: ${JSON.stringify(source)}\n\n: keep-alive\n\nevent: ping\ndata: 1\n\nevent: match\ndata: ${JSON.stringify(row("emporium", 12, 0.97))}\n\n`;
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 37) controller.enqueue(bytes.slice(i, i + 37));
        controller.close();
      },
    });
    const seen: string[] = [];
    let sent: RequestInit | undefined;
    await streamComparison(
      {
        server: { url: "http://127.0.0.1:1", token: "mle_x" },
        marketplace: "crossborder",
        productId: "1",
        currency: "EUR",
      },
      (e) => seen.push(e.event),
      undefined,
      (async (_url: URL, init: RequestInit) => {
        sent = init;
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      }) as unknown as typeof fetch,
    );
    expect(seen).toEqual(["source", "match"]);
    expect((sent!.headers as Record<string, string>).authorization).toBe("Bearer mle_x");
    expect(parseEvent("event: match\ndata: {not json")).toBeUndefined();
  });

  it("a refusal before the stream carries the gateway's code and message", async () => {
    const refused = streamComparison(
      {
        server: { url: "http://127.0.0.1:1", token: "mle_x" },
        marketplace: "crossborder",
        productId: "1",
        currency: "EUR",
      },
      () => undefined,
      undefined,
      (async () =>
        Response.json(
          { success: false, error: { code: "INSUFFICIENT_BALANCE", message: "Top up to continue." } },
          { status: 402 },
        )) as unknown as typeof fetch,
    );
    await expect(refused).rejects.toEqual(
      new CompareRefused(402, "INSUFFICIENT_BALANCE", "Top up to continue."),
    );
    await expect(refused).rejects.toMatchObject({ status: 402, code: "INSUFFICIENT_BALANCE" });
  });
});
