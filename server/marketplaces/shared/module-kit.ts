import type { z } from "zod";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { Marketplace, Operation } from "../../../src/contract/marketplace.ts";
import type { MarketplaceModule, PreparedCall, RawCall, UpstreamContext } from "../types.ts";
import type { CursorCodec } from "./cursor.ts";
import type { Transport } from "./upstream.ts";

/** What every marketplace module receives: the outside world, injected. */
export interface ModuleRuntime {
  transport: Transport;
  now: () => Date;
  /** Per upstream request. */
  timeoutMs: number;
  cursors: CursorCodec;
}

export type OperationHandler = (call: RawCall) => PreparedCall;

export function prepared<T>(
  operation: Operation,
  units: number,
  schema: z.ZodType<T>,
  run: (ctx: UpstreamContext) => Promise<T>,
): PreparedCall<T> {
  return { operation, units, schema, run };
}

/** A MarketplaceModule from one handler per offered operation; anything else is UNKNOWN_OPERATION. */
export function defineModule(
  id: Marketplace,
  kind: string,
  handlers: Partial<Record<Operation, OperationHandler>>,
  extra: { unknown?: Partial<Record<Operation, string>> } = {},
): MarketplaceModule {
  const operations = Object.keys(handlers) as Operation[];
  return {
    id,
    kind,
    operations,
    prepare(operation, call) {
      const handler = Object.hasOwn(handlers, operation) ? handlers[operation] : undefined;
      if (!handler) {
        const why = extra.unknown?.[operation];
        throw new GatewayError(
          "UNKNOWN_OPERATION",
          `${id} does not offer ${String(operation).slice(0, 40)}${why ? `: ${why}` : ""} (offered: ${operations.join(", ")})`,
        );
      }
      return handler(call);
    },
  };
}
