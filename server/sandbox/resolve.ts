import { MARKETPLACES, type Marketplace } from "../../src/contract/marketplace.ts";
import type { MarketplacesConfig, MarketplaceUpstreams } from "../marketplaces/upstream-config.ts";
import { type Sandbox, startSandbox } from "./index.ts";
import type { FaultKind } from "./options.ts";

/**
 * The upstreams the modules use: configured ones as they are, and the sandbox for every marketplace
 * without an upstream URL (started only for those). server/main.ts calls this once at start-up and closes
 * the sandbox on shutdown.
 */
export async function resolveUpstreams(
  config: MarketplacesConfig,
  start: typeof startSandbox = startSandbox,
): Promise<{ upstreams: MarketplaceUpstreams; sandbox: Sandbox | undefined; sandboxed: Marketplace[] }> {
  const sandboxed = MARKETPLACES.filter((m) => !config.upstreams[m].url);
  const sandbox = sandboxed.length
    ? await start({
        host: config.sandbox.host,
        seed: config.sandbox.seed,
        latency: config.sandbox.latency,
        faults: {
          rate: config.sandbox.faults.rate,
          kinds: config.sandbox.faults.kinds as FaultKind[],
          slowMs: config.sandbox.faults.slowMs,
        },
        marketplaces: sandboxed,
      })
    : undefined;
  const pick = <K extends Marketplace>(m: K): MarketplaceUpstreams[K] =>
    (sandbox && !config.upstreams[m].url
      ? { ...config.upstreams[m], url: sandbox.urls[m], ...sandbox.credentials[m] }
      : config.upstreams[m]) as MarketplaceUpstreams[K];
  return {
    upstreams: {
      auction: pick("auction"),
      emporium: pick("emporium"),
      megastore: pick("megastore"),
      storefront: pick("storefront"),
      crossborder: pick("crossborder"),
    },
    sandbox,
    sandboxed,
  };
}
