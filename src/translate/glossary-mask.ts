/**
 * The user glossary for providers that know nothing of it: words to keep and terms with a required
 * translation are swapped for placeholders ({{G0}}) before the text leaves, and the placeholders are
 * swapped back for the kept word or the required translation afterwards. A provider that loses a
 * placeholder did not honour the glossary, and that text goes to the next translator.
 */
import type { Glossary } from "./port.ts";

export interface MaskedText {
  text: string;
  replacements: string[];
}

const PLACEHOLDER = /\{\{\s*G(\d+)\s*\}\}/g;

/** Longest terms first, so "iPhone 15 Pro" is replaced before "iPhone". */
function glossaryPairs(glossary: Glossary | undefined): Array<[string, string]> {
  if (!glossary) return [];
  const pairs: Array<[string, string]> = [];
  for (const [source, target] of Object.entries(glossary.terms ?? {}))
    if (source) pairs.push([source, target]);
  for (const word of glossary.keep ?? []) if (word) pairs.push([word, word]);
  return pairs.sort((a, b) => b[0].length - a[0].length);
}

export function hasGlossary(glossary: Glossary | undefined): boolean {
  return glossaryPairs(glossary).length > 0;
}

export function maskGlossary(text: string, glossary: Glossary | undefined): MaskedText {
  const replacements: string[] = [];
  let out = text;
  for (const [source, target] of glossaryPairs(glossary)) {
    if (!out.includes(source)) continue;
    out = out.split(source).join(`{{G${replacements.length}}}`);
    replacements.push(target);
  }
  return { text: out, replacements };
}

/** Puts the glossary's words back; undefined when the translation lost or invented a placeholder. */
export function unmaskGlossary(translated: string, masked: MaskedText): string | undefined {
  const seen = new Set<number>();
  let broken = false;
  const out = translated.replace(PLACEHOLDER, (_m, index: string) => {
    const i = Number(index);
    const replacement = masked.replacements[i];
    if (replacement === undefined) {
      broken = true;
      return "";
    }
    seen.add(i);
    return replacement;
  });
  if (broken || seen.size !== masked.replacements.length) return undefined;
  return out;
}
