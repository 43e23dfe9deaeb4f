import { randomBytes } from "node:crypto";
import type { Marketplace } from "../../src/contract/marketplace.ts";
import { createAuctionModule } from "./auction/index.ts";
import { createCrossborderModule } from "./crossborder/index.ts";
import { createEmporiumModule } from "./emporium/index.ts";
import { createMegastoreModule } from "./megastore/index.ts";
import { CursorCodec } from "./shared/cursor.ts";
import type { ModuleRuntime } from "./shared/module-kit.ts";
import { undiciTransport } from "./shared/undici-transport.ts";
import { type FetchLike, fetchTransport } from "./shared/upstream.ts";
import { createStorefrontModule } from "./storefront/index.ts";
import type { MarketplaceModule } from "./types.ts";
import type { MarketplaceUpstreams } from "./upstream-config.ts";

export {
  isLegacyOperation,
  LEGACY_OPERATIONS,
  type LegacyOperation,
  legacyHeaders,
  legacyIsLive,
  prepareLegacy,
  SUNSET,
} from "./crossborder/legacy.ts";
export { LEGACY_PATHS, legacyEntry, legacySuccessor } from "./legacy-paths.ts";

export interface MarketplaceDeps {
  /** Every marketplace's base URL and credentials (from config, or the sandbox's: see resolveUpstreams). */
  upstreams: MarketplaceUpstreams;
  /** The outside world as a Fetch (tests inject one); undici keep-alive pools by default (shared/undici-transport.ts). */
  fetch?: FetchLike;
  now?: () => Date;
  /** Per upstream request. */
  timeoutMs: number;
  /** Key of the paging cursors; random per process when absent (cursors then die with the process). */
  cursorSecret?: string;
}

/** The five marketplace modules behind the gateway chain's seam (server/marketplaces/types.ts). */
export function createMarketplaceModules(deps: MarketplaceDeps): Record<Marketplace, MarketplaceModule> {
  const runtime: ModuleRuntime = {
    transport: deps.fetch ? fetchTransport(deps.fetch) : undiciTransport,
    now: deps.now ?? (() => new Date()),
    timeoutMs: deps.timeoutMs,
    cursors: new CursorCodec(deps.cursorSecret ?? randomBytes(32)),
  };
  return {
    auction: createAuctionModule(deps.upstreams.auction, runtime),
    emporium: createEmporiumModule(deps.upstreams.emporium, runtime),
    megastore: createMegastoreModule(deps.upstreams.megastore, runtime),
    storefront: createStorefrontModule(deps.upstreams.storefront, runtime),
    crossborder: createCrossborderModule(deps.upstreams.crossborder, runtime),
  };
}
