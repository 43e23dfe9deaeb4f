/** What the registry says about a user's font (spec: User font), read from the font file itself. */
import type { UserFont } from "../contract/image-translate.ts";
import { scriptCoverage } from "./coverage.ts";
import { sniffFont } from "./font-file.ts";
import { charMapOf, parseUserFont } from "./font-library.ts";

export interface UserFontUpload {
  id: string;
  displayName: string;
  bytes: Uint8Array;
}

/** Throws FONT_RESOLVE_ERROR for bytes that are not a usable TTF/OTF. */
export function describeUserFont(upload: UserFontUpload): UserFont {
  const ref = `user/${upload.id}`;
  const font = parseUserFont(upload.bytes, ref);
  const names = font.names;
  const english = (entry: Record<string, string> | undefined) => entry?.en ?? Object.values(entry ?? {})[0];
  const family =
    english(names.typoFamilyName ?? names.preferredFamily) ?? english(names.fontFamily) ?? upload.displayName;
  const subfamily = english(names.fontSubfamily) ?? "";
  const fsSelection = font.tables.os2?.fsSelection ?? 0;
  const macStyle = font.tables.head?.macStyle ?? 0;
  return {
    id: upload.id,
    ref,
    displayName: upload.displayName,
    family,
    weight: Math.min(1000, Math.max(1, font.tables.os2?.usWeightClass ?? 400)),
    italic: (fsSelection & 1) === 1 || (macStyle & 2) === 2 || /italic|oblique/i.test(subfamily),
    format: sniffFont(upload.bytes) === "otf" ? "otf" : "ttf",
    glyphCoverage: scriptCoverage(charMapOf(font)),
  };
}
