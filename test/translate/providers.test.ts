import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDeeplClient, deeplBaseUrl } from "../../src/translate/providers/deepl.ts";
import { createGoogleClient } from "../../src/translate/providers/google.ts";
import { createOpenAiChatClient } from "../../src/translate/providers/openai-chat.ts";
import { createPapagoClient } from "../../src/translate/providers/papago.ts";
import { ProviderError } from "../../src/translate/providers/provider.ts";
import {
  DEEPL_FORBIDDEN,
  DEEPL_QUOTA,
  DEEPL_TOO_MANY,
  FakeProviderServer,
  fakeTranslate as fake,
  GOOGLE_EXHAUSTED,
  GOOGLE_UNAUTHENTICATED,
  OPENAI_NO_QUOTA,
  OPENAI_RATE_LIMIT,
  PAPAGO_AUTH_FAILED,
  PAPAGO_QUOTA,
  PAPAGO_UNSUPPORTED_TARGET,
  SERVER_ERROR,
} from "./fake-provider-server.ts";

const server = new FakeProviderServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

const signal = () => AbortSignal.timeout(5000);

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("Papago", () => {
  const client = () =>
    createPapagoClient({ clientId: "id-1", clientSecret: "secret-1", baseUrl: server.baseUrl, fetch });

  it("sends one documented request per text and reads message.result.translatedText", async () => {
    const out = await client().translate(["包邮", "正品"], "zh", "ko", signal());
    expect(out).toEqual([fake("包邮", "ko"), fake("正品", "ko")]);
    expect(server.received).toHaveLength(2);
    const [first] = server.received;
    expect(first).toMatchObject({
      method: "POST",
      path: "/nmt/v1/translation",
      body: { source: "zh-CN", target: "ko", text: "包邮" },
    });
    expect(first?.headers["x-ncp-apigw-api-key-id"]).toBe("id-1");
    expect(first?.headers["x-ncp-apigw-api-key"]).toBe("secret-1");
    expect(first?.headers["content-type"]).toBe("application/json");
  });

  it("maps traditional Chinese and the target codes Papago uses", async () => {
    await client().translate(["免運"], "zh-TW", "zh-CN", signal());
    expect(server.received[0]?.body).toMatchObject({ source: "zh-TW", target: "zh-CN" });
    expect(client().supports("zh", "zh-CN")).toBe(false);
  });

  it("reports authentication failures and N2MT errors as permanent, quota as transient", async () => {
    server.next(PAPAGO_AUTH_FAILED);
    const auth = await providerError(client().translate(["a"], "en", "ko", signal()));
    expect(auth.options).toMatchObject({ transient: false, status: 401, code: "200" });
    server.next(PAPAGO_UNSUPPORTED_TARGET);
    const n2mt = await providerError(client().translate(["a"], "en", "ko", signal()));
    expect(n2mt.options).toMatchObject({ transient: false, status: 400, code: "N2MT05" });
    server.next(PAPAGO_QUOTA);
    expect((await providerError(client().translate(["a"], "en", "ko", signal()))).transient).toBe(true);
  });
});

describe("DeepL", () => {
  const client = () => createDeeplClient({ authKey: "key-1:fx", baseUrl: server.baseUrl, fetch });

  it("sends texts in one request with the documented language codes", async () => {
    const out = await client().translate(["包邮", "正品"], "zh", "ko", signal());
    expect(out).toEqual([fake("包邮", "KO"), fake("正品", "KO")]);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      path: "/v2/translate",
      body: { text: ["包邮", "正品"], source_lang: "ZH", target_lang: "KO" },
    });
    expect(server.received[0]?.headers.authorization).toBe("DeepL-Auth-Key key-1:fx");
    await client().translate(["x"], "ja", "zh-TW", signal());
    expect(server.received[1]?.body).toMatchObject({ source_lang: "JA", target_lang: "ZH-HANT" });
  });

  it("picks the free endpoint for :fx keys", () => {
    expect(deeplBaseUrl("abc:fx")).toBe("https://api-free.deepl.com");
    expect(deeplBaseUrl("abc")).toBe("https://api.deepl.com");
  });

  it("treats 429 as transient with its Retry-After, 456 and 403 as permanent", async () => {
    server.next(DEEPL_TOO_MANY);
    const limited = await providerError(client().translate(["a"], "en", "ko", signal()));
    expect(limited.options).toMatchObject({ transient: true, status: 429, retryAfterMs: 1000 });
    server.next(DEEPL_QUOTA);
    expect((await providerError(client().translate(["a"], "en", "ko", signal()))).options).toMatchObject({
      transient: false,
      status: 456,
    });
    server.next(DEEPL_FORBIDDEN);
    const forbidden = await providerError(client().translate(["a"], "en", "ko", signal()));
    expect(forbidden.transient).toBe(false);
    expect(forbidden.message).toMatch(/Wrong endpoint/);
  });

  it("rejects an answer that does not hold one translation per text", async () => {
    server.next({ status: 200, body: { translations: [{ text: "only one" }] } });
    expect((await providerError(client().translate(["a", "b"], "en", "ko", signal()))).transient).toBe(false);
  });
});

describe("Google Cloud Translation v3", () => {
  const client = (token = "ya29.token") =>
    createGoogleClient({
      projectId: "shop-123",
      getAccessToken: () => token,
      baseUrl: server.baseUrl,
      fetch,
    });

  it("posts contents to the project's translateText with a bearer token", async () => {
    const out = await client().translate(["送料無料"], "ja", "ko", signal());
    expect(out).toEqual([fake("送料無料", "ko")]);
    expect(server.received[0]).toMatchObject({
      path: "/v3/projects/shop-123/locations/global:translateText",
      body: {
        contents: ["送料無料"],
        sourceLanguageCode: "ja",
        targetLanguageCode: "ko",
        mimeType: "text/plain",
      },
    });
    expect(server.received[0]?.headers.authorization).toBe("Bearer ya29.token");
  });

  it("reads Google's error status: RESOURCE_EXHAUSTED is transient, UNAUTHENTICATED is not", async () => {
    server.next(GOOGLE_EXHAUSTED);
    expect((await providerError(client().translate(["a"], "en", "ko", signal()))).options).toMatchObject({
      transient: true,
      code: "RESOURCE_EXHAUSTED",
    });
    server.next(GOOGLE_UNAUTHENTICATED);
    expect((await providerError(client().translate(["a"], "en", "ko", signal()))).options).toMatchObject({
      transient: false,
      code: "UNAUTHENTICATED",
    });
  });
});

describe("OpenAI-compatible chat endpoint", () => {
  const client = () =>
    createOpenAiChatClient({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: "sk-test",
      model: "small-model",
      fetch,
    });

  it("asks for a JSON object of translations and reads choices[0].message.content", async () => {
    const out = await client().translate(["包邮", "正品"], "zh", "ko", signal());
    expect(out).toEqual([fake("包邮", "Korean"), fake("正品", "Korean")]);
    const req = server.received[0];
    expect(req?.path).toBe("/v1/chat/completions");
    expect(req?.headers.authorization).toBe("Bearer sk-test");
    expect(req?.body).toMatchObject({
      model: "small-model",
      temperature: 0,
      response_format: { type: "json_object" },
    });
  });

  it("tells a rate limit (transient) from an exhausted quota (permanent)", async () => {
    server.next(OPENAI_RATE_LIMIT);
    expect((await providerError(client().translate(["a"], "en", "ko", signal()))).options).toMatchObject({
      transient: true,
      code: "rate_limit_exceeded",
      retryAfterMs: 0,
    });
    server.next(OPENAI_NO_QUOTA);
    expect((await providerError(client().translate(["a"], "en", "ko", signal()))).options).toMatchObject({
      transient: false,
      code: "insufficient_quota",
    });
  });

  it("rejects a model answer with the wrong number of translations or no JSON", async () => {
    server.next({
      status: 200,
      body: { choices: [{ message: { role: "assistant", content: '{"translations":["one"]}' } }] },
    });
    expect((await providerError(client().translate(["a", "b"], "en", "ko", signal()))).transient).toBe(false);
    server.next({
      status: 200,
      body: { choices: [{ message: { role: "assistant", content: "Sure! Here you go" } }] },
    });
    expect((await providerError(client().translate(["a"], "en", "ko", signal()))).transient).toBe(false);
  });
});

describe("every provider", () => {
  it("turns an HTML 503 and an unreachable host into transient errors", async () => {
    server.next(SERVER_ERROR);
    const deepl = createDeeplClient({ authKey: "k", baseUrl: server.baseUrl, fetch });
    expect((await providerError(deepl.translate(["a"], "en", "ko", signal()))).options).toMatchObject({
      transient: true,
      status: 503,
    });
    const down = createDeeplClient({ authKey: "k", baseUrl: "http://127.0.0.1:9", fetch });
    expect((await providerError(down.translate(["a"], "en", "ko", signal()))).message).toMatch(
      /network error/,
    );
  });
});
