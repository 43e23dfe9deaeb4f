import { describe, expect, it } from "vitest";
import { CursorCodec, fingerprint } from "../../../server/marketplaces/shared/cursor.ts";
import { type OperationTable, readParams } from "../../../server/marketplaces/shared/params.ts";
import { GatewayError } from "../../../src/contract/errors.ts";
import { avifBomb, gifBomb, pngBomb } from "../../support/bomb-images.ts";
import { TINY_JPEG_BASE64, TINY_PNG_BASE64 } from "../../support/tiny-images.ts";

/** The shared reader: every value a caller can send, good or hostile, in both forms. */

const TABLE: OperationTable = {
  label: "test op",
  accepted: {
    query: { kind: "string", maxLength: 20 },
    brands: { kind: "list", maxItems: 3, maxLength: 10 },
    page: { kind: "integer", min: 1, max: 10 },
    priceMin: { kind: "number", min: 0 },
    priceMax: { kind: "number", min: 0 },
    inStock: { kind: "flag" },
    sort: { kind: "enum", values: ["a", "b"] },
    facets: { kind: "facets", maxItems: 2 },
    region: { kind: "country" },
    currency: { kind: "currency" },
    language: { kind: "language" },
    image: { kind: "image", maxBase64Length: 2000 },
  },
  refused: {
    pageSize: { reason: "not here" },
    page2: { reason: "pages by cursor", code: "PAGE_NOT_SUPPORTED" },
  },
  required: { name: "query", code: "QUERY_REQUIRED" },
};

const PNG = TINY_PNG_BASE64;
const JPEG = TINY_JPEG_BASE64;

function refusal(form: "query" | "json", params: Record<string, unknown>): GatewayError {
  try {
    readParams({ form, params }, TABLE);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(params)}`);
}

describe("parameter reader", () => {
  it("reads the query-string form and the JSON form into the same typed values", () => {
    const fromQuery = readParams(
      {
        form: "query",
        params: {
          query: " shoes ",
          brands: "a, b,,c",
          page: "2",
          priceMin: "1.5",
          inStock: "yes",
          sort: "A",
          facets: "Brand:Dell,Size:16 GB",
          region: "fr",
          currency: "eur",
          language: "zh-CN",
        },
      },
      TABLE,
    );
    const fromJson = readParams(
      {
        form: "json",
        params: {
          query: "shoes",
          brands: ["a", "b", "c"],
          page: 2,
          priceMin: 1.5,
          inStock: true,
          sort: "a",
          facets: [{ id: "Brand", value: "Dell" }, "Size:16 GB"],
          region: "FR",
          currency: "EUR",
          language: "zh-CN",
        },
      },
      TABLE,
    );
    const expected = {
      query: "shoes",
      brands: ["a", "b", "c"],
      page: 2,
      priceMin: 1.5,
      inStock: true,
      sort: "a",
      facets: [
        { id: "Brand", value: "Dell" },
        { id: "Size", value: "16 GB" },
      ],
      region: "FR",
      currency: "EUR",
      language: "zh-CN",
    };
    expect(fromQuery).toEqual(expected);
    expect(fromJson).toEqual(expected);
  });

  it("reads booleans from the words a form sends and refuses anything else", () => {
    for (const [word, value] of [
      ["true", true],
      ["1", true],
      ["only", true],
      ["false", false],
      ["0", false],
      ["any", false],
    ] as const) {
      expect(readParams({ form: "query", params: { query: "x", inStock: word } }, TABLE).inStock).toBe(value);
    }
    expect(refusal("query", { query: "x", inStock: "maybe" }).message).toMatch(/^inStock: .*not a boolean/);
    expect(refusal("json", { query: "x", inStock: { on: true } }).message).toContain("inStock");
  });

  it("names the parameter for every wrong type, range and size", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ query: ["a", "b"] }, "query"],
      [{ query: { $gt: "" } }, "query"],
      [{ query: "x".repeat(21) }, "query"],
      [{ query: "a\u0000b" }, "query"],
      [{ query: "x", page: "1.5" }, "page"],
      [{ query: "x", page: 0 }, "page"],
      [{ query: "x", page: 11 }, "page"],
      [{ query: "x", page: "99999999999999999999" }, "page"],
      [{ query: "x", page: true }, "page"],
      [{ query: "x", priceMin: -1 }, "priceMin"],
      [{ query: "x", priceMin: "1e400" }, "priceMin"],
      [{ query: "x", priceMin: "NaN" }, "priceMin"],
      [{ query: "x", priceMin: 5, priceMax: 2 }, "priceMin"],
      [{ query: "x", brands: ["a", "b", "c", "d"] }, "brands"],
      [{ query: "x", brands: [1, 2] }, "brands"],
      [{ query: "x", brands: "x".repeat(11) }, "brands"],
      [{ query: "x", sort: "z" }, "sort"],
      [{ query: "x", facets: "nocolon" }, "facets"],
      [{ query: "x", facets: [{ id: 1, value: 2 }] }, "facets"],
      [{ query: "x", region: "FRA" }, "region"],
      [{ query: "x", currency: "E" }, "currency"],
      [{ query: "x", language: "<script>" }, "language"],
      [{ query: "x", image: "not an object" }, "image"],
      [{ query: "x", image: { contentType: "image/png" } }, "image.data"],
      [{ query: "x", image: { contentType: "text/html", data: PNG } }, "image.contentType"],
      [{ query: "x", image: { contentType: "image/png", data: "@@@" } }, "image.data"],
      [
        {
          query: "x",
          image: { contentType: "image/png", data: Buffer.from("hello world").toString("base64") },
        },
        "image.data",
      ],
      [{ query: "x", image: { contentType: "image/png", data: JPEG } }, "image.contentType"],
      [{ query: "x", image: { contentType: "image/png", data: "A".repeat(2001) } }, "image.data"],
      [{ query: "x", image: { contentType: "image/png", data: PNG, url: "x" } }, "image.url"],
    ];
    for (const [params, name] of cases) {
      const error = refusal("json", params);
      expect({ params, code: error.code }).toEqual({ params, code: "INVALID_PARAMS" });
      expect(
        error.message.startsWith(`${name}:`),
        `${JSON.stringify(params).slice(0, 80)} → ${error.message}`,
      ).toBe(true);
    }
  });

  it("refuses unknown and refused names before anything else, with the table's reason", () => {
    expect(refusal("json", { nope: 1 }).message).toMatch(/^nope: unknown parameter of test op/);
    expect(refusal("json", { pageSize: 10 }).message).toBe("pageSize: not accepted by test op; not here");
    expect(refusal("json", { page2: 1 }).code).toBe("PAGE_NOT_SUPPORTED");
    // Hostile keys are names like any other: refused by name, nothing polluted.
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "query": "x"}');
    expect(refusal("json", hostile).message).toMatch(/^__proto__: unknown parameter/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(refusal("json", { query: "" }).code).toBe("QUERY_REQUIRED");
    expect(refusal("query", {}).code).toBe("QUERY_REQUIRED");
  });

  it("refuses a decompression bomb from its header: IMAGE_TOO_LARGE with both sizes (issue 16 item 2)", () => {
    for (const [type, bomb] of [
      ["image/png", pngBomb(30000, 30000)],
      ["image/gif", gifBomb(30000, 30000)],
      ["image/avif", avifBomb(30000, 30000)],
    ] as const) {
      const error = refusal("json", {
        query: "x",
        image: { contentType: type, data: bomb.toString("base64") },
      });
      expect({ type, code: error.code, status: error.status }).toEqual({
        type,
        code: "IMAGE_TOO_LARGE",
        status: 413,
      });
      expect(error.message).toMatch(/^image\.data: .*30000x30000.*8192x8192/);
    }
  });

  it("accepts a real image and keeps its bytes", () => {
    const params = readParams(
      {
        form: "query",
        params: { query: "x", image: JSON.stringify({ contentType: "image/png", data: PNG }) },
      },
      TABLE,
    );
    expect(params.image?.bytes.subarray(0, 4).toString("hex")).toBe("89504e47");
  });
});

describe("cursor codec", () => {
  const codec = new CursorCodec("a-secret-of-enough-length");
  const scope = { marketplace: "storefront", operation: "search", fingerprint: fingerprint({ query: "a" }) };

  it("round-trips state for the scope that issued it", () => {
    const cursor = codec.encode(scope, { after: "abc" });
    expect(codec.decode(scope, cursor)).toEqual({ after: "abc" });
    // Key order and the cursor itself do not change the fingerprint.
    expect(fingerprint({ b: 1, a: 2, cursor: "x" })).toBe(fingerprint({ a: 2, b: 1 }));
  });

  it("refuses tampered, foreign and garbage cursors with INVALID_CURSOR", () => {
    const cursor = codec.encode(scope, { after: "abc" });
    const [v, payload, mac] = cursor.split(".") as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ after: "zzz" })).toString("base64url");
    const attempts = [
      `${v}.${forged}.${mac}`,
      `${v}.${payload}.${mac.slice(0, -2)}AA`,
      "garbage",
      "",
      "c1..",
      `${"x".repeat(5000)}`,
      new CursorCodec("another-secret-of-length").encode(scope, { after: "abc" }),
    ];
    for (const attempt of attempts)
      expect(() => codec.decode(scope, attempt)).toThrowError(
        expect.objectContaining({ code: "INVALID_CURSOR" }),
      );
    expect(() => codec.decode({ ...scope, operation: "image-search" }, cursor)).toThrowError(
      expect.objectContaining({ code: "INVALID_CURSOR" }),
    );
    expect(() => codec.decode({ ...scope, fingerprint: fingerprint({ query: "b" }) }, cursor)).toThrowError(
      expect.objectContaining({ code: "INVALID_CURSOR" }),
    );
  });
});
