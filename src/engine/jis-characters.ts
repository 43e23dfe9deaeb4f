/**
 * The characters Japanese text is written with, as far as the engine needs to know: everything Shift_JIS
 * (JIS X 0208 and its common extensions) encodes, about 9,200 characters, 6,000 of them kanji. Simplified
 * Chinese forms such as 这, 们, 发 or 质 are not among them, so a line that holds them is Chinese.
 *
 * Built once from the platform's own Shift_JIS decoder (the Encoding Standard requires one in every
 * browser; Node has it with its full ICU), so no table ships with the engine.
 */
let jis: Set<string> | null | undefined;

/** The Shift_JIS repertoire, or null where the platform has no Shift_JIS decoder. */
export function jisCharacters(): Set<string> | null {
  if (jis !== undefined) return jis;
  try {
    const decoder = new TextDecoder("shift_jis");
    const bytes: number[] = [];
    // Every two-byte code: lead bytes 0x81-0x9F and 0xE0-0xFC, trail bytes 0x40-0xFC but 0x7F.
    for (let lead = 0x81; lead <= 0xfc; lead++) {
      if (lead > 0x9f && lead < 0xe0) continue;
      for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) bytes.push(lead, trail);
    }
    jis = new Set(decoder.decode(Uint8Array.from(bytes)));
    jis.delete("\ufffd");
  } catch {
    jis = null;
  }
  return jis;
}
