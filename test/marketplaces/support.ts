import { expect } from "vitest";
import { createMarketplaceModules } from "../../server/marketplaces/index.ts";
import type {
  MarketplaceModule,
  PreparedCall,
  RawCall,
  UpstreamContext,
} from "../../server/marketplaces/types.ts";
import type { MarketplaceUpstreams } from "../../server/marketplaces/upstream-config.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../server/sandbox/index.ts";
import { type ErrorCode, GatewayError } from "../../src/contract/errors.ts";
import type { Marketplace, Operation } from "../../src/contract/marketplace.ts";

/** A parameter value in its JSON form; query() writes the query-string form of the same call. */
export type Params = Record<string, unknown>;

/** The query-string form of a JSON-form call: lists comma-joined, facet objects as id:value, objects as JSON. */
export function asQuery(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      out[key] = value
        .map((v) =>
          v && typeof v === "object"
            ? `${(v as { id: string }).id}:${(v as { value: string }).value}`
            : String(v),
        )
        .join(",");
    } else if (value && typeof value === "object") out[key] = JSON.stringify(value);
    else out[key] = String(value);
  }
  return out;
}

/** Both forms of one call: a GET query string and a POST JSON body. */
export function bothForms(params: Params): RawCall[] {
  return [
    { form: "query", params: asQuery(params) },
    { form: "json", params },
  ];
}

/** prepare() in both forms must refuse with `code`, the message naming `names`. */
export function expectRefused(
  module: MarketplaceModule,
  operation: Operation,
  params: Params,
  code: ErrorCode,
  ...names: string[]
): void {
  for (const call of bothForms(params)) {
    let thrown: unknown;
    try {
      module.prepare(operation, call);
    } catch (error) {
      thrown = error;
    }
    expect(
      thrown,
      `${module.id} ${operation} ${call.form} ${JSON.stringify(params).slice(0, 120)}`,
    ).toBeInstanceOf(GatewayError);
    const error = thrown as GatewayError;
    expect({ form: call.form, code: error.code }).toEqual({ form: call.form, code });
    for (const name of names) expect(error.message, `${call.form}: ${error.message}`).toContain(name);
  }
}

/** prepare() in both forms must accept and price the call; returns the query-form call. */
export function expectPrepared(
  module: MarketplaceModule,
  operation: Operation,
  params: Params,
  units = 1,
): PreparedCall[] {
  return bothForms(params).map((call) => {
    const prepared = module.prepare(operation, call);
    expect({ form: call.form, units: prepared.units }).toEqual({ form: call.form, units });
    return prepared;
  });
}

export function ctx(signal: AbortSignal = new AbortController().signal): UpstreamContext {
  return { signal, requestId: "req_test", now: () => new Date() };
}

/** Runs a call and returns the GatewayError it throws (fails the test when it succeeds). */
export async function failure(prepared: PreparedCall): Promise<GatewayError> {
  try {
    await prepared.run(ctx());
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** Modules whose upstreams are unreachable: enough for prepare(), which does no I/O. */
export function offlineModules(): Record<Marketplace, MarketplaceModule> {
  const url = "http://127.0.0.1:9";
  const upstreams: MarketplaceUpstreams = {
    auction: { url, clientId: "id", clientSecret: "secret", marketplaceId: "EBAY_US" },
    emporium: {
      url,
      accessKey: "AK",
      secretKey: "SK",
      partnerTag: "tag-20",
      region: "us-east-1",
      marketplace: "www.amazon.com",
      country: "US",
    },
    megastore: {
      url,
      consumerId: "c",
      privateKey: "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----",
      keyVersion: "1",
    },
    storefront: { url, accessToken: "t", apiVersion: "2025-01" },
    crossborder: { url, appKey: "1", appSecret: "s", accessToken: "a" },
  };
  return createMarketplaceModules({
    upstreams,
    timeoutMs: 500,
    cursorSecret: "test-cursor-secret-0123456789",
  });
}

export interface Live {
  sandbox: Sandbox;
  modules: Record<Marketplace, MarketplaceModule>;
  upstreams: MarketplaceUpstreams;
  close(): Promise<void>;
}

/** The sandbox and the real modules pointed at it, as server/main.ts wires them without upstream URLs. */
export async function liveModules(
  options: SandboxOptions & { timeoutMs?: number; warm?: boolean } = {},
): Promise<Live> {
  const sandbox = await startSandbox({ latency: false, ...options });
  // Catalogs and visual indexes built up front, so no test's first call pays for them.
  if (options.warm) await sandbox.warm();
  const pick = <K extends Marketplace>(m: K) =>
    ({ url: sandbox.urls[m], ...sandbox.credentials[m] }) as MarketplaceUpstreams[K];
  const upstreams: MarketplaceUpstreams = {
    auction: pick("auction"),
    emporium: pick("emporium"),
    megastore: pick("megastore"),
    storefront: pick("storefront"),
    crossborder: pick("crossborder"),
  };
  const modules = createMarketplaceModules({
    upstreams,
    timeoutMs: options.timeoutMs ?? 5000,
    cursorSecret: "test-cursor-secret-0123456789",
  });
  return { sandbox, modules, upstreams, close: () => sandbox.close() };
}

/** Prepares a query-form call and runs it. */
export async function call<T = unknown>(
  module: MarketplaceModule,
  operation: Operation,
  params: Params,
  form: "query" | "json" = "json",
): Promise<T> {
  const prepared = module.prepare(
    operation,
    form === "json" ? { form, params } : { form, params: asQuery(params) },
  );
  return (await prepared.run(ctx())) as T;
}
