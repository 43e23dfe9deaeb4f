import { MARKETPLACES, type Marketplace } from "../../src/contract/marketplace.ts";
import { generateCredentials, type SandboxCredentials } from "./credentials.ts";
import { createAliexpressDialect } from "./dialects/aliexpress.ts";
import { DialectContext } from "./dialects/context.ts";
import { createEbayDialect } from "./dialects/ebay.ts";
import { createPaapiDialect } from "./dialects/paapi.ts";
import { createShopifyDialect } from "./dialects/shopify.ts";
import { createWalmartDialect } from "./dialects/walmart.ts";
import { FaultController, type MarketplaceStats } from "./faults.ts";
import { type Dialect, type DialectServer, serveDialect } from "./http.ts";
import { closeFingerprintDecoder, warmFingerprintDecoder } from "./images/visual-index.ts";
import type { SandboxOptions } from "./options.ts";
import { withProductPages } from "./pages/product-pages.ts";

export type { SandboxCredentials } from "./credentials.ts";
export { FAULT_KINDS, type FaultKind, type SandboxOptions } from "./options.ts";

/**
 * The embedded upstream marketplaces: five loopback servers, each speaking one real marketplace's API
 * over a generated catalog, so `npm start` works offline and tests exercise the real adapters end to
 * end. Start-up only binds sockets and makes credentials; catalogs, indexes and images are built on
 * first use.
 */
export interface Sandbox {
  urls: Record<Marketplace, string>;
  credentials: SandboxCredentials;
  /** Inject faults on demand and change the random rate. */
  faults: FaultController;
  /** What each marketplace saw (requests, aborted requests, faults, the last request). */
  stats(marketplace: Marketplace): MarketplaceStats;
  /**
   * Generates the catalogs and builds the visual-search indexes now rather than on first use (a few
   * seconds of CPU): a server calls it in the background after start-up, a benchmark before measuring.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

type DialectFactory = (
  ctx: DialectContext,
  credentials: SandboxCredentials,
  secrets: { megastorePublicKey: string },
) => Dialect;

const DIALECTS: Record<Marketplace, DialectFactory> = {
  emporium: (ctx, c) => createPaapiDialect(ctx, c.emporium),
  auction: (ctx, c) => createEbayDialect(ctx, c.auction),
  megastore: (ctx, c, secrets) => createWalmartDialect(ctx, c.megastore, secrets.megastorePublicKey),
  storefront: (ctx, c) => createShopifyDialect(ctx, c.storefront),
  crossborder: (ctx, c) => createAliexpressDialect(ctx, c.crossborder),
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const seed = options.seed ?? 1;
  const now = options.now ?? (() => new Date());
  const faults = new FaultController(
    {
      rate: options.faults?.rate ?? 0,
      kinds: options.faults?.kinds ?? [],
      slowMs: options.faults?.slowMs ?? 3000,
    },
    seed,
  );
  const { credentials, secrets } = await generateCredentials();
  const wanted = options.marketplaces ?? MARKETPLACES;
  const servers: DialectServer[] = [];
  const urls = {} as Record<Marketplace, string>;
  const contexts: DialectContext[] = [];
  try {
    for (const marketplace of wanted) {
      const factory = DIALECTS[marketplace];
      if (!factory) throw new Error(`the sandbox has no ${marketplace} dialect`);
      const ctx = new DialectContext(marketplace, { seed, latency: options.latency ?? false, now });
      contexts.push(ctx);
      const dialect = withProductPages(factory(ctx, credentials, secrets), ctx);
      const server = await serveDialect(dialect, faults, host, (url) => {
        ctx.baseUrl = url;
      });
      servers.push(server);
      urls[marketplace] = `${server.url}${dialect.basePath ?? ""}`;
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  return {
    urls,
    credentials,
    faults,
    stats: (marketplace) => faults.stats(marketplace),
    async warm() {
      await warmFingerprintDecoder();
      for (const ctx of contexts) {
        // In slices, so a server warming in the background keeps answering.
        await ctx.warmCatalog();
        if (ctx.marketplace === "storefront" || ctx.marketplace === "crossborder") await ctx.visual.warm();
      }
    },
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
      await closeFingerprintDecoder();
    },
  };
}
