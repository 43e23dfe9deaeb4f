import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS } from "../../src/contract/errors.ts";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is JSON, navigated path by path in assertions
type OpenApiDoc = Record<string, any>;

describe("OpenAPI document and reference page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ marketplaces: { megastore: scriptedMarketplace() } });
  });
  afterAll(() => t.close());

  it("serves a valid OpenAPI 3.1 document without a key", async () => {
    const res = await t.request("/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDoc;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc["x-error-codes"]).toEqual(ERROR_STATUS);
  });

  it("describes every served marketplace operation with its contract schema and error statuses", async () => {
    const doc = (await (await t.request("/v1/openapi.json")).json()) as OpenApiDoc;
    const search = doc.paths["/v1/megastore/search"];
    expect(Object.keys(search).sort()).toEqual(["get", "post"]);
    const ok = search.get.responses["200"].content["application/json"].schema;
    expect(ok.properties.data).toEqual({ $ref: "#/components/schemas/SearchResult" });
    expect(
      doc.paths["/v1/megastore/categories"].get.responses["200"].content["application/json"].schema.properties
        .data,
    ).toEqual({
      $ref: "#/components/schemas/CategoryList",
    });
    expect(doc.components.schemas.SearchResult.properties.items.items).toEqual({
      $ref: "#/components/schemas/SearchItem",
    });
    expect(search.get.responses["402"].description).toBe("INSUFFICIENT_BALANCE");
    expect(search.get.responses["401"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    expect(doc.paths["/healthz"].get.security).toEqual([]);
    const translate = doc.paths["/v1/image-translate/translate"].post;
    expect(Object.keys(translate.requestBody.content)).toContain("image/png");
    expect(translate.parameters.map((p: { name: string }) => p.name)).toEqual([
      "source_language",
      "target_language",
      "font",
      "font_weight",
      "render",
    ]);
    expect(doc.paths["/v1/image-translate/supported-fonts"].get.responses["200"]).toBeDefined();
  });

  it("renders a readable reference page from the same document", async () => {
    const res = await t.request("/docs");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("/v1/megastore/search");
    expect(html).toContain("INSUFFICIENT_BALANCE");
    expect(html).toContain('id="schema-searchresult"');
    expect(html).not.toMatch(/https?:\/\/(?!json-schema)[^"]*\.(js|css)/); // nothing fetched from elsewhere
  });
});
