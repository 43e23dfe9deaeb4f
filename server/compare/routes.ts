import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { MatchRow } from "../../src/contract/compare.ts";
import { GatewayError } from "../../src/contract/errors.ts";
import { MarketplaceSchema } from "../../src/contract/marketplace.ts";
import type { ExtensionEnv } from "../app/extension-auth.ts";
import type { Payer } from "../gateway/charged-call.ts";
import { readJsonObject } from "../platform/body.ts";
import { cacheKey, compareServiceOf } from "./compare-service.ts";
import type { Comparison, FoundMatch, SourceListing } from "./comparison-types.ts";
import type { RateTable } from "./exchange-rates.ts";
import { requireCurrency } from "./exchange-rates.ts";
import { expansionQuote, MAX_PAGES } from "./expansion-quote.ts";
import { landedCost } from "./found-match.ts";
import { chargedCaller } from "./marketplace-calls.ts";

/** Set by the /app device-token middleware (server/app/extension-auth.ts). */
export type CompareEnv = ExtensionEnv;

const BodySchema = z.strictObject({
  marketplace: MarketplaceSchema,
  productId: z.string().min(1).max(200),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "an ISO 4217 code such as USD")
    .transform((c) => c.toUpperCase())
    .optional(),
  /** Result pages of the keyword search on each marketplace: the costlier, deeper comparison. */
  pages: z.number().int().min(1).max(MAX_PAGES).optional(),
});

/**
 * POST /app/compare: the same product on the other marketplaces, for the extension's side panel. The
 * body names the source listing; the server reads it through the gateway, fans out, and answers once
 * (JSON) or streams (Accept: text/event-stream: `source`, then `match` and `failed` as they come, then
 * `summary` with the whole answer). Each marketplace call is charged to the token's account at its own
 * price, through the ledger of /v1; `units` is their sum (0 for an answer from the cache).
 */
export function compareRoutes(): Hono<CompareEnv> {
  const app = new Hono<CompareEnv>();
  app.post("/compare", async (c) => {
    const services = c.get("services");
    const extension = c.get("extension");
    if (!extension) {
      throw new GatewayError(
        "UNAUTHORIZED",
        "Missing extension token. Connect the extension in the dashboard and send Authorization: Bearer <token>.",
      );
    }
    const decision = await services.rateLimiter.consume(
      `ext:${extension.tokenId}`,
      services.config.compare.ratePerSecond,
    );
    if (!decision.allowed) {
      throw new GatewayError(
        "RATE_LIMITED",
        `This extension is limited to ${services.config.compare.ratePerSecond} comparisons a second; wait ${Math.ceil(decision.retryAfterMs / 1000)} s (Retry-After) and retry.`,
        { retryAfterMs: decision.retryAfterMs },
      );
    }
    const body = parseBody(await readJsonObject(c, 16 * 1024));
    const payer = await payerOf(c, extension.accountId);
    const service = compareServiceOf(services);
    const rates = await service.rates.table();
    const currency = body.currency ?? "USD";
    requireCurrency(rates, currency);
    const stream = (c.req.header("accept") ?? "").includes("text/event-stream");
    const pages = body.pages ?? 1;
    const key = cacheKey(body.marketplace, body.productId, pages);
    const targets = service.comparer.targetsOf(body.marketplace);
    // The quote is for the calls this comparison made (or made when it was first answered, if cached).
    const view = (result: Comparison) => ({
      rates,
      currency,
      pages,
      expand:
        result.failed.length === 0
          ? expansionQuote(services.marketplaces, targets, pages, result.units)
          : undefined,
    });
    const cached = service.cache.get(key);
    if (cached) {
      const answer = { ...cached, units: 0 };
      return stream ? streamAnswer(c, answer, view(cached)) : answerJson(c, answer, view(cached));
    }

    const signal = c.req.raw.signal;
    const call = chargedCaller(services, payer, c.get("requestId"));
    // Read before answering: a missing product, an empty balance or a saturated marketplace is a status.
    const read = await service.comparer.readSource(body, call, signal);
    const remember = (result: Comparison) => {
      if (result.failed.length === 0) service.cache.set(key, result);
    };
    if (!stream) {
      const result = await service.comparer.fanOut(read, call, {}, signal, pages);
      remember(result);
      return answerJson(c, result, view(result));
    }
    return streamSSE(c, async (sse) => {
      let writing = sse.writeSSE({ event: "source", data: JSON.stringify(read.source) });
      const send = (event: string, data: unknown) => {
        writing = writing.then(() => sse.writeSSE({ event, data: JSON.stringify(data) }));
      };
      const result = await service.comparer.fanOut(
        read,
        call,
        {
          match: (m) => {
            const row = presentMatch(m, rates, currency);
            if (row) send("match", row);
          },
          failed: (f) => send("failed", f),
        },
        signal,
        pages,
      );
      remember(result);
      send("summary", present(result, view(result)));
      await writing;
    });
  });
  return app;
}

function parseBody(raw: Record<string, unknown>): z.infer<typeof BodySchema> {
  const parsed = BodySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name =
      issue.path.join(".") || (issue.code === "unrecognized_keys" ? issue.keys.join(", ") : "body");
    throw new GatewayError("INVALID_PARAMS", `${name}: ${issue.message}`);
  }
  return parsed.data;
}

async function payerOf(c: Context<CompareEnv>, accountId: string): Promise<Payer> {
  const account = await c.get("services").accounts.getAccount(accountId);
  if (!account) throw new GatewayError("UNAUTHORIZED", "This extension token's account no longer exists.");
  if (account.status === "suspended") {
    throw new GatewayError("ACCOUNT_SUSPENDED", "This account is suspended; see the dashboard.");
  }
  return { accountId: account.id, billingEnabled: account.billingEnabled };
}

export interface CompareAnswer {
  source: SourceListing;
  matches: MatchRow[];
  failed: Comparison["failed"];
  units: number;
  /** The day of the exchange rates the landed costs were computed with. */
  rates: { asOf: string; currency: string };
  pages: number;
  expand?: { pages: number; units: number };
}

/** How an answer is shown: in which currency, and what a deeper comparison would cost. */
interface AnswerView {
  rates: RateTable;
  currency: string;
  pages: number;
  expand: { pages: number; units: number } | undefined;
}

export function present(result: Comparison, view: AnswerView): CompareAnswer {
  const { rates, currency } = view;
  return {
    source: result.source,
    matches: result.matches.flatMap((m) => presentMatch(m, rates, currency) ?? []),
    failed: result.failed,
    units: result.units,
    rates: { asOf: rates.asOf, currency },
    pages: view.pages,
    ...(view.expand ? { expand: view.expand } : {}),
  };
}

/** A match row with its landed cost in the asked currency; none when the rate table lacks its currency. */
export function presentMatch(m: FoundMatch, rates: RateTable, currency: string): MatchRow | undefined {
  const landed = landedCost(m, rates, currency);
  if (!landed) return undefined;
  const row: MatchRow = {
    marketplace: m.marketplace,
    productId: m.productId,
    title: m.title,
    url: m.url,
    price: m.price,
    landed,
    score: m.score,
    evidence: { ...m.evidence, shipping: typeof m.shipping === "string" ? m.shipping : "included" },
    warnings: m.warnings,
  };
  if (m.imageUrl) row.imageUrl = m.imageUrl;
  if (m.rating) row.rating = m.rating;
  if (m.seller) row.seller = m.seller;
  if (m.inStock !== undefined) row.inStock = m.inStock;
  return row;
}

function answerJson(c: Context<CompareEnv>, result: Comparison, view: AnswerView): Response {
  const requestId = c.get("requestId");
  c.set("requestIdSent", true);
  return new Response(JSON.stringify(present(result, view)), {
    headers: {
      "content-type": "application/json",
      "x-service-request-id": requestId,
      "x-service-units": String(result.units),
    },
  });
}

function streamAnswer(c: Context<CompareEnv>, result: Comparison, view: AnswerView) {
  return streamSSE(c, async (sse) => {
    const answer = present(result, view);
    await sse.writeSSE({ event: "source", data: JSON.stringify(answer.source) });
    for (const row of answer.matches) await sse.writeSSE({ event: "match", data: JSON.stringify(row) });
    await sse.writeSSE({ event: "summary", data: JSON.stringify(answer) });
  });
}
