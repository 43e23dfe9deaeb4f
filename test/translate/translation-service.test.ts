import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Translator } from "../../src/translate/port.ts";
import { createDeeplClient } from "../../src/translate/providers/deepl.ts";
import { createPapagoClient } from "../../src/translate/providers/papago.ts";
import type { ProviderClient } from "../../src/translate/providers/provider.ts";
import { createTranslationService, cut } from "../../src/translate/translation-service.ts";
import {
  DEEPL_QUOTA,
  DEEPL_TOO_MANY,
  FakeProviderServer,
  fakeTranslate as fake,
  PAPAGO_AUTH_FAILED,
  SERVER_ERROR,
} from "./fake-provider-server.ts";
import { embedded } from "./support.ts";

const server = new FakeProviderServer();
let fallback: Translator;
beforeAll(async () => {
  await server.start();
  fallback = await embedded();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

function service(
  overrides: Partial<Parameters<typeof createTranslationService>[0]> = {},
  sleeps: number[] = [],
) {
  const deepl = createDeeplClient({ authKey: "k", baseUrl: server.baseUrl, fetch });
  const papago = createPapagoClient({ clientId: "i", clientSecret: "s", baseUrl: server.baseUrl, fetch });
  return createTranslationService({
    fallback,
    providers: [deepl, papago],
    route: (source) => (source === "ja" ? ["papago"] : ["deepl"]),
    // Generous: the first request of a cold worker can be slow on a busy machine.
    timeoutMs: 3000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
    ...overrides,
  });
}

describe("the translation service", () => {
  it("routes each language pair to its provider", async () => {
    const t = service();
    const zh = await t.translateBatch(["包邮"], "zh", "ko");
    const ja = await t.translateBatch(["送料無料"], "ja", "ko");
    expect(zh[0]).toMatchObject({ provider: "deepl", text: fake("包邮", "KO"), status: "translated" });
    expect(ja[0]).toMatchObject({ provider: "papago", text: fake("送料無料", "ko") });
    expect(server.received.map((r) => r.path)).toEqual(["/v2/translate", "/nmt/v1/translation"]);
  });

  it("caches by text, pair and provider", async () => {
    const t = service();
    await t.translateBatch(["包邮", "正品"], "zh", "ko");
    await t.translateBatch(["正品", "包邮"], "zh", "ko");
    expect(server.received).toHaveLength(1);
    await t.translateBatch(["包邮"], "zh", "en");
    expect(server.received).toHaveLength(2);
  });

  it("cuts batches to the provider's limits", async () => {
    const t = service();
    const texts = Array.from({ length: 120 }, (_, i) => `文本${i}`);
    const results = await t.translateBatch(texts, "zh", "ko");
    expect(results.every((r, i) => r.text === fake(`文本${i}`, "KO"))).toBe(true);
    expect(server.received.map((r) => (r.body as { text: string[] }).text.length)).toEqual([50, 50, 20]);
    expect(cut(["aaaa", "bb", "cccc"], 10, 6).map((b) => b.indexes)).toEqual([[0, 1], [2]]);
  });

  it("retries a rate-limited request with backoff, honouring Retry-After", async () => {
    const sleeps: number[] = [];
    const t = service({ backoffMs: 100 }, sleeps);
    server.next(DEEPL_TOO_MANY, SERVER_ERROR);
    const [result] = await t.translateBatch(["包邮"], "zh", "ko");
    expect(result).toMatchObject({ provider: "deepl", text: fake("包邮", "KO") });
    expect(server.received).toHaveLength(3);
    // First wait: max(backoff 100, Retry-After 1 s); second: backoff doubled.
    expect(sleeps).toEqual([1000, 200]);
  });

  it("does not retry a permanent error and falls back to the embedded translator", async () => {
    const t = service();
    server.next(DEEPL_QUOTA);
    const [result] = await t.translateBatch(["全国包邮"], "zh", "ko");
    expect(result).toMatchObject({ provider: "embedded", text: "전국 무료배송", status: "translated" });
    expect(server.received).toHaveLength(1);
  });

  it("survives an outage: timeouts and unreachable providers never fail the call", async () => {
    const hanging = service({ retries: 1, timeoutMs: 300 });
    server.next({ status: 200, hang: true }, { status: 200, hang: true });
    const started = performance.now();
    const [a] = await hanging.translateBatch(["全国包邮"], "zh", "ko");
    expect(a).toMatchObject({ provider: "embedded", text: "전국 무료배송" });
    expect(performance.now() - started).toBeLessThan(3000);

    const down = createTranslationService({
      fallback,
      providers: [createDeeplClient({ authKey: "k", baseUrl: "http://127.0.0.1:9", fetch })],
      route: () => ["deepl"],
      sleep: async () => {},
    });
    const results = await down.translateBatch(["全国包邮", "สวัสดีครับ"], "zh", "ko");
    expect(results.map((r) => r.status)).toEqual(["translated", "kept"]);
    expect(results[1]?.reason).toMatch(/providers failed/);
  });

  it("opens the circuit breaker after repeated failures and stops calling the provider", async () => {
    let now = 0;
    const t = service({ retries: 0, breakerThreshold: 2, breakerCooldownMs: 10_000, now: () => now });
    server.next(SERVER_ERROR, SERVER_ERROR);
    await t.translateBatch(["一"], "zh", "ko");
    await t.translateBatch(["二"], "zh", "ko");
    expect(server.received).toHaveLength(2);
    await t.translateBatch(["三"], "zh", "ko");
    expect(server.received).toHaveLength(2);
    now = 20_000;
    const [r] = await t.translateBatch(["四"], "zh", "ko");
    expect(server.received).toHaveLength(3);
    expect(r?.provider).toBe("deepl");
  });

  it("applies the user glossary to a provider through placeholders", async () => {
    const t = service();
    const [r] = await t.translateBatch(["Anker 充电宝"], "zh", "ko", {
      glossary: { keep: ["Anker"], terms: { 充电宝: "보조배터리" } },
    });
    expect((server.received[0]!.body as { text: string[] }).text).toEqual(["{{G0}} {{G1}}"]);
    expect(r).toMatchObject({ provider: "deepl", text: "[KO] Anker 보조배터리" });
  });

  it("falls back when a provider drops a glossary placeholder or mixes scripts", async () => {
    const t = service();
    server.next({ status: 200, body: { translations: [{ text: "보조배터리" }] } });
    const [lost] = await t.translateBatch(["Anker 充电宝"], "zh", "ko", { glossary: { keep: ["Anker"] } });
    expect(lost?.provider).toBe("embedded");
    server.next({ status: 200, body: { translations: [{ text: "全国 무료배송" }] } });
    const [mixed] = await t.translateBatch(["全国包邮"], "zh", "ko");
    expect(mixed).toMatchObject({ provider: "embedded", text: "전국 무료배송" });
  });

  it("answers empty texts, unknown targets and same-language pairs without calling anyone", async () => {
    const t = service();
    const results = await t.translateBatch(["", "包邮"], "zh", "zh-CN");
    expect(results.map((r) => r.status)).toEqual(["kept", "kept"]);
    const unknown = await t.translateBatch(["包邮"], "zh", "klingon");
    expect(unknown[0]).toMatchObject({ status: "kept", text: "包邮" });
    expect(server.received).toHaveLength(0);
  });

  it("rejects when the caller aborts", async () => {
    const t = service();
    const controller = new AbortController();
    server.next({ status: 200, hang: true });
    const pending = t.translateBatch(["包邮"], "zh", "ko", { signal: controller.signal });
    // Abort once the request is at the server, so no late request can take a later test's answer.
    const started = Date.now();
    while (server.received.length === 0 && Date.now() - started < 5000)
      await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });

  it("counts a provider that never answers towards the breaker, not against the caller", async () => {
    const failing: ProviderClient = {
      name: "flaky",
      maxBatch: 10,
      maxChars: 1000,
      supports: () => true,
      translate: async () => {
        throw new Error("socket hang up");
      },
    };
    const errors: string[] = [];
    const t = createTranslationService({
      fallback,
      providers: [failing],
      route: () => ["flaky"],
      retries: 2,
      sleep: async () => {},
      onProviderError: (e) => errors.push(e.message),
    });
    const [r] = await t.translateBatch(["包邮"], "zh", "ko");
    expect(r).toMatchObject({ provider: "embedded", text: "무료배송" });
    expect(errors).toHaveLength(3);
  });

  it("papago's auth failure goes straight to the fallback", async () => {
    const t = service();
    server.next(PAPAGO_AUTH_FAILED);
    const [r] = await t.translateBatch(["送料無料"], "ja", "ko");
    expect(r).toMatchObject({ provider: "embedded", text: "무료배송" });
    expect(server.received).toHaveLength(1);
  });
});
