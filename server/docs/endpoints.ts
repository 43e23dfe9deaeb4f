import { z } from "zod";
import type { ErrorCode } from "../../src/contract/errors.ts";
import {
  FontsRegistrySchema,
  OcrDataSchema,
  OcrQuerySchema,
  TranslateQuerySchema,
} from "../../src/contract/image-translate.ts";
import {
  CategoryListSchema,
  type Marketplace,
  MarketplaceListSchema,
  type Operation,
  ProductSchema,
  ReviewListSchema,
  SearchResultSchema,
} from "../../src/contract/marketplace.ts";
import type { MarketplaceModule, ParameterDescription } from "../marketplaces/types.ts";

/**
 * What the OpenAPI document and the reference page say about each endpoint. Schemas come from the
 * contract, so the document cannot drift from what responses are checked against.
 */
export interface EndpointDoc {
  method: "get" | "post" | "delete";
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** false: no x-api-key (health, the document itself). */
  authenticated: boolean;
  query?: ParameterDescription[];
  jsonBody?: { schema: Record<string, unknown> | z.ZodType; required: boolean };
  binaryBody?: { contentTypes: string[]; description: string };
  response: { status: number; json?: z.ZodType; envelope?: boolean; binary?: string; description: string };
  errors: ErrorCode[];
}

const ACCOUNT_ERRORS: ErrorCode[] = ["UNAUTHORIZED", "FORBIDDEN", "ACCOUNT_SUSPENDED", "RATE_LIMITED"];
const CHARGED_ERRORS: ErrorCode[] = [...ACCOUNT_ERRORS, "INSUFFICIENT_BALANCE", "QUOTA_EXCEEDED"];
const UPSTREAM_ERRORS: ErrorCode[] = [
  "UPSTREAM_ERROR",
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_READ_FAILED",
  "UPSTREAM_TIMEOUT",
  "SERVICE_UNAVAILABLE",
  "CAPACITY_SATURATED",
  "MARKETPLACE_SATURATED",
];

const RESULT_OF: Record<Operation, z.ZodType> = {
  search: SearchResultSchema,
  browse: SearchResultSchema,
  "image-search": SearchResultSchema,
  categories: CategoryListSchema,
  product: ProductSchema,
  reviews: ReviewListSchema,
};

export function platformEndpoints(): EndpointDoc[] {
  return [
    {
      method: "get",
      path: "/healthz",
      tag: "Service",
      summary: "Liveness",
      authenticated: false,
      response: {
        status: 200,
        json: z.object({ status: z.literal("ok") }),
        description: "the process serves HTTP",
      },
      errors: [],
    },
    {
      method: "get",
      path: "/v1/openapi.json",
      tag: "Service",
      summary: "This document",
      description:
        "The OpenAPI 3.1 description of the gateway, generated from the same schemas that check every response.",
      authenticated: false,
      response: { status: 200, description: "an OpenAPI 3.1 document" },
      errors: [],
    },
    {
      method: "get",
      path: "/v1/marketplaces",
      tag: "Marketplaces",
      summary: "List the marketplaces",
      description: "The marketplaces this gateway reaches, their kind and operations. Free of charge.",
      authenticated: true,
      response: { status: 200, json: MarketplaceListSchema, envelope: true, description: "the marketplaces" },
      errors: ACCOUNT_ERRORS,
    },
  ];
}

/** One GET and one POST per operation a marketplace module offers. */
export function marketplaceEndpoints(
  modules: Partial<Record<Marketplace, MarketplaceModule>>,
): EndpointDoc[] {
  const docs: EndpointDoc[] = [];
  for (const module of Object.values(modules)) {
    for (const operation of module.operations) {
      const described = module.describe?.(operation);
      const parameters = described?.parameters ?? [];
      const path = `/v1/${module.id}/${operation}`;
      const summary = described?.summary ?? `${operation} on ${module.id}`;
      const price = described ? ` Price: ${described.price}.` : "";
      const errors: ErrorCode[] = [
        ...CHARGED_ERRORS,
        "INVALID_PARAMS",
        "BAD_REQUEST",
        "UNSUPPORTED_MEDIA_TYPE",
        "PAYLOAD_TOO_LARGE",
        ...UPSTREAM_ERRORS,
      ];
      const response = {
        status: 200,
        json: RESULT_OF[operation],
        envelope: true,
        description: "the normalized result",
      };
      docs.push({
        method: "get",
        path,
        tag: module.id,
        summary,
        description: `Parameters in the query string; lists comma-separated.${price}`,
        authenticated: true,
        query: parameters,
        response,
        errors,
      });
      docs.push({
        method: "post",
        path,
        tag: module.id,
        summary,
        description: `Parameters in a JSON body (Content-Type: application/json).${price}`,
        authenticated: true,
        jsonBody: {
          required: false,
          schema: {
            type: "object",
            properties: Object.fromEntries(
              parameters.map((p) => [p.name, { ...p.schema, description: p.description }]),
            ),
            required: parameters.filter((p) => p.required).map((p) => p.name),
            additionalProperties: false,
          },
        },
        response,
        errors,
      });
    }
  }
  return docs;
}

const IMAGE_ERRORS: ErrorCode[] = [
  ...CHARGED_ERRORS,
  "BAD_REQUEST",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "INVALID_IMAGE",
  "UNSUPPORTED_IMAGE_FORMAT",
  "IMAGE_TOO_LARGE",
  "SERVICE_UNAVAILABLE",
  "ROUTING_INCIDENT",
  "INTERNAL_ERROR",
];
const IMAGE_BODY = {
  contentTypes: ["image/jpeg", "image/png", "image/webp", "application/octet-stream"],
  description:
    "the image's raw bytes (JSON with base64 is not accepted), at most 20 MB and 8192 x 8192 pixels",
};

/** Query parameters from a zod object, for the OpenAPI document. */
function queryOf(
  schema: z.ZodObject,
  required: string[],
  descriptions: Record<string, string>,
): ParameterDescription[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { $schema: _, ...json } = z.toJSONSchema(field as z.ZodType, {
      io: "input",
      unrepresentable: "any",
    });
    return { name, schema: json, required: required.includes(name), description: descriptions[name] ?? "" };
  });
}

export function imageTranslateEndpoints(): EndpointDoc[] {
  const languages = {
    source_language: "script of the text in the image; auto decides by script",
    target_language: "ISO-639-style code of the translation (2 to 8 characters)",
    font: "a bundled font (see supported-fonts) or user/<id>",
    font_weight: "auto follows each region's detected weight; any other value applies to every region",
    render: "true: the finished JPEG; false: JSON with the erased image and every region",
  };
  return [
    {
      method: "post",
      path: "/v1/image-translate/translate",
      tag: "Image translation",
      summary: "Translate the text in an image",
      description:
        "Replaces the text in the image with its translation, keeping font weight, colour, layout and badge backdrops. With render=true (default) the body is the JPEG, with X-Service-Regions-Count; an image without text comes back untouched with count 0. Charged at the image-translate rate.",
      authenticated: true,
      query: queryOf(TranslateQuerySchema, ["source_language", "target_language"], languages),
      binaryBody: IMAGE_BODY,
      response: {
        status: 200,
        binary: "image/jpeg",
        description: "the translated image (or, with render=false, TranslateData in the envelope)",
      },
      errors: [
        ...IMAGE_ERRORS,
        "FONT_NOT_FOUND",
        "FONT_NOT_READY",
        "FONT_GLYPH_COVERAGE",
        "TRANSLATION_FAILED",
        "RENDER_FAILED",
      ],
    },
    {
      method: "post",
      path: "/v1/image-translate/ocr",
      tag: "Image translation",
      summary: "Read the text regions of an image",
      description: "Nothing is modified or translated. Charged at the image-translate rate.",
      authenticated: true,
      query: queryOf(OcrQuerySchema, ["source_language"], languages),
      binaryBody: IMAGE_BODY,
      response: { status: 200, json: OcrDataSchema, envelope: true, description: "the OCR result" },
      errors: IMAGE_ERRORS,
    },
    {
      method: "get",
      path: "/v1/image-translate/supported-fonts",
      tag: "Image translation",
      summary: "The fonts registry",
      description:
        "Fonts per target language (default first), weights, source languages and the caller's own fonts. Free.",
      authenticated: true,
      response: { status: 200, json: FontsRegistrySchema, envelope: true, description: "the fonts registry" },
      errors: ACCOUNT_ERRORS,
    },
  ];
}
