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
import { requireScope } from "../accounts/authenticate-call.ts";
import { runCharged } from "../gateway/charged-call.ts";
import { formatBytes, readBodyBytes } from "../platform/body.ts";
import type { AppEnv } from "../platform/context.ts";
import { deliver, success } from "../platform/envelope.ts";
import { requestHeader } from "../platform/request-header.ts";
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
    return success(c, FontsRegistrySchema, await c.get("services").imaging.fontsRegistry());
  });

  app.post("/translate", async (c) => {
    requireScope(c, "image-translate", "translate");
    const query = readQuery(c, TranslateQuerySchema);
    checkFont(query.font);
    const bytes = await readImage(c);
    const result = await runImage(c, "translate", {
      kind: "translate",
      bytes,
      sourceLanguage: query.source_language,
      targetLanguage: query.target_language,
      font: query.font,
      fontWeight: query.font_weight,
      render: query.render,
    });
    if (result.kind === "image") {
      c.set("requestIdSent", true);
      return new Response(result.image as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": result.contentType,
          "x-service-request-id": c.get("requestId"),
          "x-service-regions-count": String(result.regionsCount),
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
      const result = await imaging.run(task, call.signal);
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

/** The query string against the endpoint's schema; unknown or invalid parameters are 400 BAD_REQUEST. */
function readQuery<T extends z.ZodObject>(c: Context<AppEnv>, schema: T): z.infer<T> {
  const query = c.get("query");
  const unknown = Object.keys(query).find((name) => !(name in schema.shape));
  if (unknown !== undefined) {
    throw new GatewayError(
      "BAD_REQUEST",
      `Unknown query parameter "${unknown.slice(0, 40)}"; this endpoint takes ${Object.keys(schema.shape).join(", ")}.`,
    );
  }
  const parsed = schema.safeParse({ ...query });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join(".") || "query";
    const given = name in query ? ` (got "${String(query[name]).slice(0, 40)}")` : "";
    throw new GatewayError("BAD_REQUEST", `${name}: ${issue.message}${given}.`);
  }
  return parsed.data;
}

/** Bundled fonts by name; `user/<id>` names a font uploaded in the dashboard. */
function checkFont(font: string): void {
  if ((BUNDLED_FONTS as readonly string[]).includes(font)) return;
  if (/^user\/[A-Za-z0-9_-]{1,64}$/.test(font)) {
    // No font has been uploaded to this account (custom fonts are uploaded in the dashboard).
    throw new GatewayError("FONT_NOT_FOUND", `${font} does not exist or is not one of this account's fonts.`);
  }
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
