import { type Context, Hono } from "hono";
import { GatewayError } from "../../src/contract/errors.ts";
import {
  MARKETPLACES,
  type Marketplace,
  MarketplaceListSchema,
  OPERATIONS,
  type Operation,
} from "../../src/contract/marketplace.ts";
import { requireScope } from "../accounts/authenticate-call.ts";
import { runCharged } from "../gateway/charged-call.ts";
import { readJsonObject } from "../platform/body.ts";
import type { AppEnv } from "../platform/context.ts";
import { deliver, success } from "../platform/envelope.ts";
import type { RawCall } from "./types.ts";

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
    const { marketplaces, clock } = c.get("services");
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
    const call = await readCall(c, operation);
    const prepared = module.prepare(operation, call);
    const requestId = c.get("requestId");
    const data = await runCharged(c, {
      operation: `${marketplace}.${operation}`,
      chargeable: { kind: "units", units: prepared.units },
      capacityScope: marketplace,
      saturatedCode: "MARKETPLACE_SATURATED",
      async run(call) {
        const result = await prepared.run({
          get signal() {
            return call.signal;
          },
          requestId,
          now: clock,
        });
        const checked = prepared.schema.safeParse(result);
        if (!checked.success) {
          c.get("services").logger.error("normalized result does not fit the contract", {
            requestId,
            marketplace,
            operation,
            issues: checked.error.issues.slice(0, 5),
          });
          throw new GatewayError(
            "UPSTREAM_ERROR",
            `${marketplace} answered with something we could not read.`,
          );
        }
        return checked.data;
      },
    });
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

async function readCall(c: Context<AppEnv>, operation: Operation): Promise<RawCall> {
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
  return { form: "json", params: await readJsonObject(c, limit) };
}

function isMarketplace(value: string): value is Marketplace {
  return (MARKETPLACES as readonly string[]).includes(value);
}

function isOperation(value: string): value is Operation {
  return (OPERATIONS as readonly string[]).includes(value);
}
