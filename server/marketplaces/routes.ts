import { type Context, Hono } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import {
  MARKETPLACES,
  type Marketplace,
  MarketplaceListSchema,
  OPERATIONS,
  type Operation,
} from "../../src/contract/marketplace.ts";
import { authenticateCall, requireScope } from "../accounts/authenticate-call.ts";
import { type CallSignal, runCharged } from "../gateway/charged-call.ts";
import { enforceRateLimit } from "../limits/enforce-rate-limit.ts";
import { readJsonObject } from "../platform/body.ts";
import type { AppEnv } from "../platform/context.ts";
import { deliver, success } from "../platform/envelope.ts";
import { ENVELOPE_SECURITY_HEADERS } from "../platform/security-headers.ts";
import { notInV1 } from "../platform/versioning.ts";
import {
  isLegacyOperation,
  LEGACY_OPERATIONS,
  legacyHeaders,
  legacyIsLive,
  prepareLegacy,
} from "./crossborder/legacy.ts";
import type { PreparedCall, RawCall, UpstreamContext } from "./types.ts";

/** JSON bodies of marketplace operations; image search carries an image (storefront: about 6 MB base64). */
const BODY_LIMIT = 1024 * 1024;
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * /v1/marketplaces and /v1/{marketplace}/{operation}: the gateway chain around each marketplace module.
 * Auth and the rate limit ran before (app.ts); here: rules (400s, price) → runCharged (quota, reserve,
 * capacity, upstream, commit or release) → the result checked against the contract → envelope.
 */
export function marketplaceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/marketplaces", (c) => {
    const modules = c.get("services").marketplaces;
    const marketplaces = MARKETPLACES.flatMap((id) => {
      const module = modules[id];
      return module
        ? [{ id, kind: module.kind, operations: [...module.operations], status: "available" as const }]
        : [];
    });
    return success(c, MarketplaceListSchema, { marketplaces });
  });

  app.on(["GET", "POST"], "/:marketplace/:operation", async (c) => {
    const { marketplaces } = c.get("services");
    const marketplace = c.req.param("marketplace");
    if (!isMarketplace(marketplace)) {
      throw new GatewayError(
        "UNKNOWN_MARKETPLACE",
        `There is no marketplace "${marketplace.slice(0, 40)}"; use one of ${MARKETPLACES.join(", ")} (GET /v1/marketplaces lists them).`,
      );
    }
    const module = marketplaces[marketplace];
    if (!module)
      throw new GatewayError("SERVICE_UNAVAILABLE", `${marketplace} is not configured on this server.`);
    const operation = c.req.param("operation");
    if (!isOperation(operation) || !module.operations.includes(operation)) {
      throw new GatewayError(
        "UNKNOWN_OPERATION",
        `${marketplace} does not offer "${operation.slice(0, 40)}"; its operations are ${module.operations.join(", ")}.`,
      );
    }
    requireScope(c, marketplace, operation);
    const reading = readCall(c, operation);
    const call = reading instanceof Promise ? await reading : reading;
    const prepared = module.prepare(operation, call);
    const data = await runPrepared(c, marketplace, operation, prepared);
    return deliver(c, data, 200, { "x-service-units": String(prepared.units) });
  });

  app.all("/:marketplace/:operation", (c) => {
    throw new GatewayError(
      "NOT_FOUND",
      `No ${c.req.method} route at ${new URL(c.req.url).pathname}; use GET or POST.`,
    );
  });

  return app;
}

/**
 * The deprecated unversioned crossborder endpoints (spec: Versioning 3): until their sunset they answer
 * in AliExpress's own shape, through the same chain and price as their /v1 successors, with Deprecation,
 * Sunset and Link headers; from the sunset on, and for any other old path, NOT_IN_V1 (answered without a
 * key, like every other old path).
 */
export function legacyCrossborderRoutes(successorOf: (path: string) => string | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/:operation", async (c) => {
    const { marketplaces, clock } = c.get("services");
    const operation = c.req.param("operation");
    const path = `/crossborder/${operation}`;
    const module = marketplaces.crossborder;
    if (!module || !isLegacyOperation(operation) || !legacyIsLive(path, clock()))
      return notInV1(successorOf)(c);
    await authenticateCall(c);
    await enforceRateLimit(c);
    const successor = LEGACY_OPERATIONS[operation].successor.split("/").pop()!;
    requireScope(c, "crossborder", successor);
    const prepared = prepareLegacy(module, operation, await readCall(c, successor as Operation), clock());
    const data = await runPrepared(c, "crossborder", operation, prepared);
    c.set("requestIdSent", true);
    return new Response(JSON.stringify(data), {
      headers: {
        "content-type": "application/json",
        "x-service-request-id": c.get("requestId"),
        "x-service-units": String(prepared.units),
        ...ENVELOPE_SECURITY_HEADERS,
        ...legacyHeaders(operation),
      },
    });
  });
  return app;
}

/**
 * Runs a prepared marketplace call through the money part of the chain; the result is checked against
 * the contract inside the charged call, so an answer that does not fit is released, never charged.
 */
async function runPrepared<T>(
  c: Context<AppEnv>,
  marketplace: Marketplace,
  operation: string,
  prepared: PreparedCall<T>,
) {
  const { clock, logger } = c.get("services");
  const requestId = c.get("requestId");
  return runCharged(c, {
    operation: `${marketplace}.${operation}`,
    chargeable: { kind: "units", units: prepared.units },
    capacityScope: marketplace,
    saturatedCode: "MARKETPLACE_SATURATED",
    async run(call) {
      const result = await prepared.run(new UpstreamCall(call, requestId, clock));
      const checked = prepared.schema.safeParse(result);
      if (!checked.success) {
        logger.error("normalized result does not fit the contract", {
          requestId,
          marketplace,
          operation,
          issues: checked.error.issues.slice(0, 5),
        });
        throw new GatewayError("UPSTREAM_ERROR", `${marketplace} answered with something we could not read.`);
      }
      return checked.data;
    },
  });
}

/** A GET call is read synchronously; a POST body is a promise. */
function readCall(c: Context<AppEnv>, operation: Operation): RawCall | Promise<RawCall> {
  const query = c.get("query");
  if (c.req.method === "GET") return { form: "query", params: query };
  const misplaced = Object.keys(query)[0];
  if (misplaced !== undefined) {
    throw new GatewayError(
      "INVALID_PARAMS",
      `${misplaced}: a POST takes its parameters in the JSON body; move "${misplaced}" from the query string into the body.`,
    );
  }
  const limit = operation === "image-search" ? IMAGE_BODY_LIMIT : BODY_LIMIT;
  return readJsonObject(c, limit).then((params) => ({ form: "json", params }));
}

function isMarketplace(value: string): value is Marketplace {
  return (MARKETPLACES as readonly string[]).includes(value);
}

function isOperation(value: string): value is Operation {
  return (OPERATIONS as readonly string[]).includes(value);
}

/** What a marketplace module gets for one call; the abort signal is made only if the module reads it. */
class UpstreamCall implements UpstreamContext {
  constructor(
    private readonly call: CallSignal,
    readonly requestId: string,
    readonly now: () => Date,
  ) {}

  get signal(): AbortSignal {
    return this.call.signal;
  }
}
