import { type Context, Hono } from "hono";
import type { z } from "zod";
import { GatewayError } from "../../src/contract/errors.ts";
import {
  BUNDLED_FONTS,
  FontsRegistrySchema,
  IMAGE_LIMITS,
  OcrDataSchema,
  OcrQuerySchema,
  TranslateDataSchema,
  TranslateQuerySchema,
} from "../../src/contract/image-translate.ts";
import { normalizeTarget, TARGET_LANGS } from "../../src/translate/languages.ts";
import { requireScope } from "../accounts/authenticate-call.ts";
import { runCharged } from "../gateway/charged-call.ts";
import { formatBytes, readBodyBytes } from "../platform/body.ts";
import type { AppEnv } from "../platform/context.ts";
import { deliver, success } from "../platform/envelope.ts";
import { printable, readInput } from "../platform/input.ts";
import { requestHeader } from "../platform/request-header.ts";
import { ENVELOPE_SECURITY_HEADERS } from "../platform/security-headers.ts";
import type { EngineTask } from "./engine-task.ts";

/** Body types the image endpoints take (spec: image translate headers). */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "application/octet-stream"]);

/**
 * /v1/image-translate: translate, ocr and supported-fonts. Bodies are raw image bytes, read with the
 * 20 MB limit enforced while they stream in; parameters are in the query string; the work runs in the
 * engine worker pool through the same charged chain as every paid call (reserve, capacity, commit or
 * release), at the image-translate rate.
 */
export function imagingRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/supported-fonts", async (c) => {
    requireScope(c, "image-translate", "supported-fonts");
    const { imaging, fonts } = c.get("services");
    const [registry, userFonts] = await Promise.all([
      imaging.fontsRegistry(),
      fonts.list(c.get("principal").accountId),
    ]);
    return success(c, FontsRegistrySchema, { ...registry, userFonts });
  });

  app.post("/translate", async (c) => {
    requireScope(c, "image-translate", "translate");
    const query = readQuery(c, TranslateQuerySchema);
    checkTarget(query.target_language);
    checkFont(query.font);
    // A user font is looked up, its state and script gate checked, before the body is read or anything
    // is charged.
    const userFont = query.font.startsWith("user/")
      ? await c.get("services").fonts.resolveForCall(c.get("principal").accountId, query.font, {
          targetLanguage: query.target_language,
          render: query.render,
        })
      : undefined;
    const bytes = await readImage(c);
    const result = await runImage(c, "translate", {
      kind: "translate",
      bytes,
      sourceLanguage: query.source_language,
      targetLanguage: query.target_language,
      font: query.font,
      fontWeight: query.font_weight,
      render: query.render,
      ...(userFont ? { userFont } : {}),
    });
    if (result.kind === "image") {
      c.set("requestIdSent", true);
      return new Response(result.image as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": result.contentType,
          "x-service-request-id": c.get("requestId"),
          "x-service-regions-count": String(result.regionsCount),
          ...ENVELOPE_SECURITY_HEADERS,
        },
      });
    }
    if (result.kind !== "data") throw new Error(`unexpected engine result ${result.kind}`);
    return deliver(c, result.data);
  });

  app.post("/ocr", async (c) => {
    requireScope(c, "image-translate", "ocr");
    const query = readQuery(c, OcrQuerySchema);
    const bytes = await readImage(c);
    const result = await runImage(c, "ocr", { kind: "ocr", bytes, sourceLanguage: query.source_language });
    if (result.kind !== "ocr") throw new Error(`unexpected engine result ${result.kind}`);
    return deliver(c, result.data);
  });

  app.all("/:operation", (c) => {
    const known = ["translate", "ocr", "supported-fonts"].includes(c.req.param("operation"));
    throw new GatewayError(
      "NOT_FOUND",
      known
        ? `No ${c.req.method} route here: translate and ocr take POST with the image as the body; supported-fonts takes GET.`
        : `No route at ${new URL(c.req.url).pathname}; image-translate offers translate, ocr and supported-fonts.`,
    );
  });

  return app;
}

/** Charges the image-translate rate, runs the task in the pool, checks JSON results against the contract. */
function runImage(c: Context<AppEnv>, operation: "translate" | "ocr", task: EngineTask) {
  const { imaging, logger } = c.get("services");
  return runCharged(c, {
    operation: `image-translate.${operation}`,
    chargeable: { kind: "image" },
    capacityScope: "image-translate",
    saturatedCode: "SERVICE_UNAVAILABLE",
    request: task,
    async run(call) {
      const result = await imaging.run(task, call.signal, c.get("principal").accountId);
      const schema =
        result.kind === "ocr" ? OcrDataSchema : result.kind === "data" ? TranslateDataSchema : undefined;
      if (schema && "data" in result) {
        const checked = (schema as z.ZodType).safeParse(result.data);
        if (!checked.success) {
          logger.error("engine result does not fit the contract", {
            requestId: c.get("requestId"),
            issues: checked.error.issues.slice(0, 5),
          });
          throw new GatewayError("RENDER_FAILED", "The result could not be produced; retry the request.");
        }
      }
      return result;
    },
  });
}

/**
 * The query string against the endpoint's schema (server/platform/input.ts): an unknown parameter, a
 * name given twice or an invalid value is 400 BAD_REQUEST, the spec's code for the image endpoints.
 */
function readQuery<T extends z.ZodObject>(c: Context<AppEnv>, schema: T): z.infer<T> {
  const query = c.get("query");
  const names = Object.keys(query);
  const unknown = names.find((name) => !Object.hasOwn(schema.shape, name));
  if (unknown !== undefined) {
    throw new GatewayError(
      "BAD_REQUEST",
      `${printable(unknown)}: unknown query parameter; this endpoint takes ${Object.keys(schema.shape).join(", ")}.`,
    );
  }
  const repeated = names.find((name) => Array.isArray(query[name]));
  if (repeated !== undefined)
    throw new GatewayError("BAD_REQUEST", `${repeated}: given more than once; send one value.`);
  return readInput(schema, { ...query }, "BAD_REQUEST");
}

/**
 * The server's translators write a closed set of languages (the keys of supported-fonts'
 * fontsByLanguage); any other target is refused before the image is read or anything is charged, rather
 * than answered with the source text left in the picture.
 */
function checkTarget(target: string): void {
  if (normalizeTarget(target) !== undefined) return;
  throw new GatewayError(
    "BAD_REQUEST",
    `target_language: "${target.slice(0, 40)}" is not a language image translation writes; use one of ${TARGET_LANGS.join(", ")}.`,
  );
}

/** Bundled fonts by name; `user/<id>` names a font uploaded in the dashboard. */
function checkFont(font: string): void {
  if ((BUNDLED_FONTS as readonly string[]).includes(font)) return;
  if (/^user\/[A-Za-z0-9_-]{1,64}$/.test(font)) return;
  throw new GatewayError(
    "BAD_REQUEST",
    `font: "${font.slice(0, 40)}" is not a font; use one of ${BUNDLED_FONTS.join(", ")} or user/<id>.`,
  );
}

/** The raw image body: an image type (415 otherwise), not empty (400), at most 20 MB (413, while streaming). */
async function readImage(c: Context<AppEnv>): Promise<Uint8Array> {
  const type = (requestHeader(c, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!IMAGE_TYPES.has(type)) {
    throw new GatewayError(
      "UNSUPPORTED_MEDIA_TYPE",
      `Send the image's bytes as the body with Content-Type image/jpeg, image/png, image/webp or application/octet-stream${type ? ` (got ${type.slice(0, 60)})` : ""}; JSON with base64 is not accepted.`,
    );
  }
  const bytes = await readBodyBytes(c, IMAGE_LIMITS.maxBodyBytes);
  if (bytes.byteLength === 0) {
    throw new GatewayError(
      "BAD_REQUEST",
      `The body is empty; send the image's bytes (at most ${formatBytes(IMAGE_LIMITS.maxBodyBytes)}).`,
    );
  }
  return bytes;
}
