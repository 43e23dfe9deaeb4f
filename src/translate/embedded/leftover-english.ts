/**
 * English words an English line's Korean translation still carries in lower case (또는 술 바닥 손 rub):
 * words of the source the transfer could not write. Names, brands and codes (Anker, USB, 10mm) are
 * capitalised or carry digits and may stay in Latin, as Korean shops print them, and so do units after a
 * number (50 lbs, 16 oz) and pieces of an address or abbreviation beside a full stop (amazon.co.uk, 40%
 * vol.). Any other lower-case source word left beside Hangul is an untranslated word, and the line would
 * be drawn in two scripts.
 */
export function leftoverEnglish(output: string, source: string): string[] {
  const sourceWords = new Set(source.toLowerCase().match(/[a-z]{2,}/g) ?? []);
  const left = output.match(/(?<![A-Za-z0-9.]|\d\s)[a-z]{2,}(?![A-Za-z0-9.])/g) ?? [];
  return left.filter((w) => sourceWords.has(w));
}
