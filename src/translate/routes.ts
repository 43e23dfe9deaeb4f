/**
 * Which providers translate which language pair, written as one setting:
 *
 *   zh>ko=papago, ja>ko=papago|deepl, *>en=deepl, *=google
 *
 * Each rule names a source (zh, zh-TW, ja, en or *) and optionally a target (ko, en, ja, zh-CN, zh-TW or
 * *), then providers to try in order. The first matching rule wins; the embedded translator always comes
 * after the listed providers, so an empty setting means "embedded only".
 */
import type { ConcreteSource, TargetLang } from "./languages.ts";

export interface RouteRule {
  source: ConcreteSource | "*";
  target: TargetLang | "*";
  providers: string[];
}

const SOURCES = new Set(["zh", "zh-TW", "ja", "en", "*"]);
const TARGETS = new Set(["ko", "en", "ja", "zh-CN", "zh-TW", "*"]);

export class RouteSyntaxError extends Error {
  override name = "RouteSyntaxError";
}

export function parseRoutes(setting: string | undefined, knownProviders?: readonly string[]): RouteRule[] {
  if (!setting?.trim()) return [];
  return setting.split(/[,;\n]/).flatMap((raw) => {
    const rule = raw.trim();
    if (!rule) return [];
    const m = /^([^=>\s]+)(?:\s*>\s*([^=\s]+))?\s*=\s*([A-Za-z0-9_|\s-]+)$/.exec(rule);
    if (!m) throw new RouteSyntaxError(`"${rule}" is not "source>target=provider|provider"`);
    const [, source = "", target = "*", list = ""] = m;
    if (!SOURCES.has(source)) throw new RouteSyntaxError(`unknown source "${source}" in "${rule}"`);
    if (!TARGETS.has(target)) throw new RouteSyntaxError(`unknown target "${target}" in "${rule}"`);
    const providers = list
      .split("|")
      .map((p) => p.trim())
      .filter(Boolean);
    for (const p of providers)
      if (knownProviders && p !== "embedded" && !knownProviders.includes(p))
        throw new RouteSyntaxError(`unknown provider "${p}" in "${rule}"`);
    return [
      {
        source: source as RouteRule["source"],
        target: target as RouteRule["target"],
        providers: providers.filter((p) => p !== "embedded"),
      },
    ];
  });
}

/** The providers for a pair under the first matching rule. */
export function routeFor(rules: readonly RouteRule[], source: ConcreteSource, target: TargetLang): string[] {
  const rule = rules.find(
    (r) => (r.source === "*" || r.source === source) && (r.target === "*" || r.target === target),
  );
  return rule?.providers ?? [];
}
