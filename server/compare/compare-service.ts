import { LRUCache } from "lru-cache";
import { MARKETPLACES, type Marketplace } from "../../src/contract/marketplace.ts";
import type { Services } from "../services.ts";
import { Comparer } from "./comparer.ts";
import type { Comparison } from "./comparison-types.ts";
import { ExchangeRates } from "./exchange-rates.ts";
import { fetchImageBytes } from "./image-fetch.ts";

/**
 * What the /app/compare route needs beside the request: the comparer (with the server's translator and
 * the exchange-rate table) and the answers kept per product for COMPARE_CACHE_TTL_MS. Made once per
 * Services, on the first comparison (the translator's dictionaries take a second to load).
 */
export interface CompareService {
  comparer: Comparer;
  rates: ExchangeRates;
  /** Complete answers (no marketplace failed) by "marketplace:productId". */
  cache: LRUCache<string, Comparison>;
}

const made = new WeakMap<Services, CompareService>();

export function compareServiceOf(services: Services): CompareService {
  let service = made.get(services);
  if (!service) {
    service = createCompareService(services);
    made.set(services, service);
  }
  return service;
}

function createCompareService(services: Services): CompareService {
  const { config } = services;
  const rates = new ExchangeRates(services.db, 10 * 60_000, services.clockMs);
  const available = MARKETPLACES.filter((m) => services.marketplaces[m]);
  const visual = new Set<Marketplace>(
    available.filter((m) => services.marketplaces[m]!.operations.includes("image-search")),
  );
  const comparer = new Comparer({
    marketplaces: available,
    visual,
    translator: () => services.translator(),
    rates: () => rates.table(),
    fetchImage: (url, signal) => fetchImageBytes(url, signal),
    deadlineMs: config.compare.deadlineMs,
  });
  const cache = new LRUCache<string, Comparison>({
    max: 2_000,
    ttl: Math.max(1, config.compare.cacheTtlMs),
  });
  return { comparer, rates, cache };
}

export function cacheKey(marketplace: Marketplace, productId: string, pages = 1): string {
  return pages === 1 ? `${marketplace}:${productId}` : `${marketplace}:${productId}:${pages}`;
}
