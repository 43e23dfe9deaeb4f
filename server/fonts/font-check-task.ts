import type { Script, UserFont } from "../../src/contract/image-translate.ts";

/** What the server asks of a font-check worker; plain data, so it crosses the thread boundary as is. */
export type FontCheckTask =
  | { kind: "inspect"; bytes: Uint8Array }
  | { kind: "preview"; bytes: Uint8Array; script: Script; ref: string };

/** A user font's facts as read from its file: the User font object without what the server assigns. */
export type FontFacts = Omit<UserFont, "id" | "ref" | "displayName">;

export type FontRefusalCode = "FONT_FORMAT_UNSUPPORTED" | "FONT_INVALID" | "FONT_TOO_LARGE";

export type FontCheckResult =
  /** `sfnt` is what the renderer reads: the file itself, or a WOFF2 file decompressed. */
  | { kind: "accepted"; facts: FontFacts; sfnt: Uint8Array }
  | { kind: "refused"; code: FontRefusalCode; reason: string }
  | { kind: "preview"; png: Uint8Array };
