import { z } from "zod";
import { successEnvelope } from "../../src/contract/envelope.ts";
import { ERROR_STATUS, ErrorBodySchema } from "../../src/contract/errors.ts";
import type { EndpointDoc } from "./endpoints.ts";

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document, generated from the endpoint docs and the contract's zod schemas (OpenAPI
 * 3.1 speaks JSON Schema 2020-12, which zod emits natively). Schemas named with `.meta({id})` become
 * shared components.
 */
export function buildOpenApi(endpoints: EndpointDoc[], version: string): Record<string, unknown> {
  const components: Record<string, JsonSchema> = {};
  const toSchema = (schema: z.ZodType | JsonSchema): JsonSchema => {
    if (!(schema instanceof z.ZodType)) return schema;
    const {
      $defs,
      $schema: _,
      ...rest
    } = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io: "output",
      unrepresentable: "any",
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries($defs ?? {})) components[id] = rewriteRefs(def) as JsonSchema;
    return rewriteRefs(rest) as JsonSchema;
  };
  const errorRef = toSchema(ErrorBodySchema);

  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const byStatus = new Map<number, string[]>();
    for (const code of endpoint.errors)
      byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
    const responses: Record<string, unknown> = {
      [endpoint.response.status]: {
        description: endpoint.response.description,
        headers: {
          "X-Service-Request-Id": { schema: { type: "string" }, description: "the call's request id" },
        },
        content: endpoint.response.binary
          ? {
              [endpoint.response.binary]: {
                schema: { type: "string", contentMediaType: endpoint.response.binary },
              },
            }
          : endpoint.response.json
            ? {
                "application/json": {
                  schema: toSchema(
                    endpoint.response.envelope
                      ? successEnvelope(endpoint.response.json)
                      : endpoint.response.json,
                  ),
                },
              }
            : { "application/json": { schema: { type: "object" } } },
      },
    };
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[status] = {
        description: codes.join(", "),
        content: { "application/json": { schema: errorRef } },
      };
    }
    const operation: Record<string, unknown> = {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      operationId: `${endpoint.method}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = "") => c.toUpperCase())}`,
      security: endpoint.authenticated ? [{ apiKey: [] }] : [],
      ...(endpoint.query?.length
        ? {
            parameters: endpoint.query.map((p) => ({
              name: p.name,
              in: "query",
              required: p.required,
              ...(p.description ? { description: p.description } : {}),
              schema: p.schema,
            })),
          }
        : {}),
      ...(endpoint.jsonBody
        ? {
            requestBody: {
              required: endpoint.jsonBody.required,
              content: { "application/json": { schema: toSchema(endpoint.jsonBody.schema) } },
            },
          }
        : {}),
      ...(endpoint.binaryBody
        ? {
            requestBody: {
              required: true,
              description: endpoint.binaryBody.description,
              content: Object.fromEntries(
                endpoint.binaryBody.contentTypes.map((type) => [
                  type,
                  { schema: { type: "string", contentMediaType: type } },
                ]),
              ),
            },
          }
        : {}),
      responses,
    };
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method]: operation };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Marketlens gateway",
      version,
      description:
        "Five marketplaces behind one normalized schema, and image translation, charged per call against a prepaid balance. Every error is {success:false, requestId, error:{code, message}}; the codes and their statuses are listed under x-error-codes.",
    },
    servers: [{ url: "/" }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key" } },
      schemas: components,
    },
    "x-error-codes": ERROR_STATUS,
  };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === "$ref" && typeof v === "string"
          ? v.replace("#/$defs/", "#/components/schemas/")
          : rewriteRefs(v),
      ]),
    );
  }
  return value;
}
