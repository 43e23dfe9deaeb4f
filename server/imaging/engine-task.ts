import type { ErrorCode } from "../../src/contract/errors.ts";
import type {
  FontsRegistry,
  FontWeight,
  OcrData,
  SourceLanguage,
  TextRegion,
  TranslateData,
} from "../../src/contract/image-translate.ts";
import type { UserFontSource } from "../../src/fonts/font-library.ts";

/**
 * What the gateway asks of an engine worker; plain data, so it crosses the thread boundary as is.
 * `cancel` is a shared flag the gateway raises when the caller goes away (see engine-pool.ts).
 */
export type EngineTask = (
  | { kind: "ocr"; bytes: Uint8Array; sourceLanguage: SourceLanguage }
  | {
      kind: "translate";
      bytes: Uint8Array;
      sourceLanguage: SourceLanguage;
      targetLanguage: string;
      font: string;
      fontWeight: FontWeight;
      render: boolean;
      /** The bytes of `font` when it is `user/<id>`, resolved by the server (server/fonts/user-fonts.ts). */
      userFont?: UserFontSource;
    }
  | { kind: "fonts" }
  | { kind: "warm" }
) & { cancel?: SharedArrayBuffer };

export type EngineTaskResult =
  | { kind: "ocr"; data: OcrData }
  | { kind: "image"; image: Uint8Array; contentType: string; regionsCount: number; regions: TextRegion[] }
  | { kind: "data"; data: TranslateData }
  | { kind: "fonts"; registry: FontsRegistry }
  | { kind: "warm" }
  /** A GatewayError thrown in the worker: its class does not survive the thread boundary, its fields do. */
  | { kind: "error"; code: ErrorCode; message: string; status: number };
