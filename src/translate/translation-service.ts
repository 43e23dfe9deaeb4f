/**
 * The translation service: the Translator that the engine, the server and the extension call. It picks
 * translators per language pair (an HTTP provider first where the deployment configured one, the
 * embedded translator always last), and adds what every provider needs: an LRU cache keyed by text, pair,
 * provider and glossary; batches cut to each provider's limits; a timeout per request; retries with
 * exponential backoff and jitter for transient errors (honouring Retry-After); a circuit breaker so an
 * outage costs one timeout, not one per call; the user glossary applied to every provider. A provider
 * failure never fails the call: its texts go to the next translator in the chain.
 */
import { hasGlossary, type MaskedText, maskGlossary, unmaskGlossary } from "./glossary-mask.ts";
import {
  type ConcreteSource,
  normalizeSource,
  normalizeTarget,
  resolveSource,
  sameLanguage,
  type TargetLang,
} from "./languages.ts";
import { LruCache } from "./lru-cache.ts";
import type { Glossary, SourceLang, TranslationContext, TranslationResult, Translator } from "./port.ts";
import { type ProviderClient, ProviderError } from "./providers/provider.ts";
import { isCoherent } from "./scripts.ts";

export interface TranslationServiceOptions {
  /** The embedded translator (or any Translator that never needs the network): the last resort. */
  fallback: Translator;
  /** HTTP providers by name. */
  providers?: readonly ProviderClient[];
  /** Provider names to try, in order, for a pair; the fallback comes after them. Default: none. */
  route?: (source: ConcreteSource, target: TargetLang) => readonly string[];
  cacheSize?: number;
  /** Per provider request. */
  timeoutMs?: number;
  /** Retries after the first attempt, for transient errors only. */
  retries?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Parallel requests to one provider (Papago takes one text per request). */
  concurrency?: number;
  /** Consecutive failed requests that open the breaker, and how long it stays open. */
  breakerThreshold?: number;
  breakerCooldownMs?: number;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Told about every provider failure (for logs and metrics). */
  onProviderError?: (error: ProviderError | Error, provider: string) => void;
}

interface Breaker {
  failures: number;
  openUntil: number;
}

export const DEFAULTS = {
  cacheSize: 10_000,
  timeoutMs: 8000,
  retries: 2,
  backoffMs: 250,
  maxBackoffMs: 4000,
  concurrency: 4,
  breakerThreshold: 5,
  breakerCooldownMs: 30_000,
} as const;

export function createTranslationService(options: TranslationServiceOptions): Translator {
  const o = { ...DEFAULTS, ...options };
  const cache = new LruCache<TranslationResult>(o.cacheSize);
  const providers = new Map((options.providers ?? []).map((p) => [p.name, p]));
  const breakers = new Map<string, Breaker>();
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;

  const chainFor = (source: ConcreteSource, target: TargetLang): ProviderClient[] =>
    (options.route?.(source, target) ?? [])
      .map((name) => providers.get(name))
      .filter((p): p is ProviderClient => !!p && p.supports(source, target));

  const breakerOpen = (name: string) => (breakers.get(name)?.openUntil ?? 0) > now();
  const recordOutcome = (name: string, ok: boolean) => {
    const b = breakers.get(name) ?? { failures: 0, openUntil: 0 };
    if (ok) b.failures = 0;
    else if (++b.failures >= o.breakerThreshold) {
      b.openUntil = now() + o.breakerCooldownMs;
      b.failures = 0;
    }
    breakers.set(name, b);
  };

  /** One request with a timeout and retries; throws the last error when every attempt failed. */
  const callWithRetry = async (
    client: ProviderClient,
    texts: string[],
    source: ConcreteSource,
    target: TargetLang,
    signal: AbortSignal | undefined,
  ): Promise<string[]> => {
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      const timeout = AbortSignal.timeout(o.timeoutMs);
      const combined = signal ? anySignal([signal, timeout]) : timeout;
      try {
        const out = await client.translate(texts, source, target, combined);
        recordOutcome(client.name, true);
        return out;
      } catch (raw) {
        signal?.throwIfAborted();
        const error =
          raw instanceof ProviderError
            ? raw
            : timeout.aborted
              ? new ProviderError(client.name, `no answer within ${o.timeoutMs} ms`, { transient: true })
              : new ProviderError(client.name, raw instanceof Error ? raw.message : String(raw), {
                  transient: true,
                });
        options.onProviderError?.(error, client.name);
        recordOutcome(client.name, false);
        if (!error.transient || attempt >= o.retries || breakerOpen(client.name)) throw error;
        const backoff = Math.min(o.maxBackoffMs, o.backoffMs * 2 ** attempt) * (0.5 + random() / 2);
        await sleep(Math.min(o.maxBackoffMs, Math.max(backoff, error.options.retryAfterMs ?? 0)), signal);
      }
    }
  };

  /** Translates what it can with one provider; returns undefined for texts that must go further. */
  const viaProvider = async (
    client: ProviderClient,
    texts: readonly string[],
    source: ConcreteSource,
    target: TargetLang,
    context: TranslationContext | undefined,
  ): Promise<Array<TranslationResult | undefined>> => {
    const results: Array<TranslationResult | undefined> = texts.map(() => undefined);
    if (breakerOpen(client.name)) return results;
    const masked: MaskedText[] = texts.map((t) => maskGlossary(t, context?.glossary));
    const batches = cut(
      masked.map((m) => m.text),
      client.maxBatch,
      client.maxChars,
    );
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        try {
          const out = await callWithRetry(client, batch.texts, source, target, context?.signal);
          out.forEach((translated, k) => {
            const i = batch.indexes[k]!;
            const text = unmaskGlossary(translated.trim(), masked[i]!);
            // A provider answer that lost the glossary or mixes scripts is no better than none.
            if (text === undefined || !text || !isCoherent(text, target)) return;
            results[i] = {
              text,
              status: text === texts[i] ? "kept" : "translated",
              provider: client.name,
              ...(text === texts[i] ? { reason: "the provider returned the source" } : {}),
            };
          });
        } catch (error) {
          if (context?.signal?.aborted) throw error;
          // The batch stays undefined: the next translator takes it.
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.concurrency, batches.length) }, worker));
    return results;
  };

  return {
    name: "service",
    async translateBatch(texts, sourceCode: SourceLang, targetCode, context?) {
      context?.signal?.throwIfAborted();
      const target = normalizeTarget(String(targetCode));
      const results: TranslationResult[] = new Array(texts.length);
      const fingerprint = glossaryFingerprint(context?.glossary);

      // Group by concrete source: with `auto` each text may be in a different language.
      const groups = new Map<ConcreteSource, number[]>();
      texts.forEach((raw, i) => {
        const text = typeof raw === "string" ? raw : "";
        if (typeof raw !== "string") {
          results[i] = { text: "", status: "failed", provider: "service", reason: "not a string" };
          return;
        }
        if (!target) {
          results[i] = {
            text,
            status: "kept",
            provider: "service",
            reason: `unsupported target language "${targetCode}"`,
          };
          return;
        }
        if (!text.trim()) {
          results[i] = { text, status: "kept", provider: "service", reason: "empty text" };
          return;
        }
        const sourceLang = normalizeSource(String(sourceCode));
        if (!sourceLang) {
          results[i] = {
            text,
            status: "kept",
            provider: "service",
            reason: `unsupported source language "${sourceCode}"`,
          };
          return;
        }
        const source = resolveSource(sourceLang, text);
        if (!source) {
          results[i] = { text, status: "kept", provider: "service", reason: "no letters to translate" };
          return;
        }
        if (sameLanguage(source, target)) {
          results[i] = {
            text,
            status: "kept",
            provider: "service",
            reason: "already in the target language",
          };
          return;
        }
        groups.set(source, [...(groups.get(source) ?? []), i]);
      });

      for (const [source, indexes] of groups) {
        const chain = chainFor(source, target!);
        let pending = indexes;
        for (const client of chain) {
          const key = (i: number) => cacheKey(client.name, source, target!, fingerprint, texts[i]!);
          const misses: number[] = [];
          for (const i of pending) {
            const hit = cache.get(key(i));
            if (hit) results[i] = hit;
            else misses.push(i);
          }
          if (!misses.length) {
            pending = [];
            break;
          }
          const out = await viaProvider(
            client,
            misses.map((i) => texts[i]!),
            source,
            target!,
            context,
          );
          pending = [];
          misses.forEach((i, k) => {
            const r = out[k];
            if (r) {
              results[i] = r;
              cache.set(key(i), r);
            } else pending.push(i);
          });
          if (!pending.length) break;
        }
        if (!pending.length) continue;

        const fallbackKey = (i: number) => cacheKey(o.fallback.name, source, target!, fingerprint, texts[i]!);
        const misses = pending.filter((i) => {
          const hit = cache.get(fallbackKey(i));
          if (hit) results[i] = hit;
          return !hit;
        });
        if (!misses.length) continue;
        const out = await o.fallback.translateBatch(
          misses.map((i) => texts[i]!),
          source,
          target!,
          context,
        );
        misses.forEach((i, k) => {
          const r = out[k] ?? {
            text: texts[i]!,
            status: "failed" as const,
            provider: o.fallback.name,
            reason: "no result",
          };
          results[i] =
            chain.length && r.status !== "translated"
              ? { ...r, reason: `${r.reason ?? ""} (providers failed)`.trim() }
              : r;
          if (r.status !== "failed") cache.set(fallbackKey(i), r);
        });
      }
      return results;
    },
  };
}

function cacheKey(provider: string, source: string, target: string, glossary: string, text: string): string {
  return `${provider}\u0000${source}\u0000${target}\u0000${glossary}\u0000${text}`;
}

/** Different glossaries give different translations of the same text: the cache must tell them apart. */
function glossaryFingerprint(glossary: Glossary | undefined): string {
  if (!hasGlossary(glossary)) return "";
  const terms = Object.entries(glossary?.terms ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  const keep = [...(glossary?.keep ?? [])].sort();
  return JSON.stringify([terms, keep]);
}

interface Batch {
  texts: string[];
  indexes: number[];
}

/** Cuts texts into requests that respect a provider's count and size limits. */
export function cut(texts: readonly string[], maxBatch: number, maxChars: number): Batch[] {
  const batches: Batch[] = [];
  let current: Batch = { texts: [], indexes: [] };
  let chars = 0;
  texts.forEach((text, i) => {
    if (current.texts.length && (current.texts.length >= maxBatch || chars + text.length > maxChars)) {
      batches.push(current);
      current = { texts: [], indexes: [] };
      chars = 0;
    }
    current.texts.push(text);
    current.indexes.push(i);
    chars += text.length;
  });
  if (current.texts.length) batches.push(current);
  return batches;
}

/** AbortSignal.any where the runtime has it, a small equivalent where it does not. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const any = (AbortSignal as unknown as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  if (any) return any(signals);
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      break;
    }
    s.addEventListener("abort", () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
