import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { isGatewayError } from "../../src/contract/errors.ts";
import { ScriptSchema } from "../../src/contract/image-translate.ts";
import { MAX_FONT_BYTES } from "../../src/fonts/font-file.ts";
import type { DashboardEnv } from "../dashboard/session-env.ts";
import type { Services } from "../services.ts";
import { FontRequestError } from "./font-request-error.ts";

/** Room for the multipart framing and the display name around a file of the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

const DisplayNameSchema = z
  .string()
  .max(100, "displayName: at most 100 characters")
  .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), "displayName: no control characters")
  .transform((s) => s.trim());

const PreviewQuerySchema = z.object({ script: ScriptSchema.optional() });

/**
 * The dashboard's fonts API (the seam agreed with the dashboard, which mounts it at /dashboard/api/fonts
 * behind its session middleware, which sets `accountId`): list, upload (multipart `file`, `displayName`),
 * delete, and a preview PNG per script.
 */
export function createUserFontRoutes(services: Pick<Services, "fonts" | "logger">): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();
  const { fonts } = services;
  app.onError((error, c) => refusal(c, error, services.logger));

  app.get("/", async (c) => c.json(await fonts.list(c.get("accountId"))));

  app.post(
    "/",
    bodyLimit({
      maxSize: MAX_FONT_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw new FontRequestError(
          "FONT_TOO_LARGE",
          `Fonts may be at most ${MAX_FONT_BYTES / 1024 / 1024} MiB.`,
        );
      },
    }),
    async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!type.startsWith("multipart/form-data"))
        throw new FontRequestError("BAD_REQUEST", "Send the font as multipart/form-data with a file field.");
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw new FontRequestError("BAD_REQUEST", "The form could not be read; send multipart/form-data.");
      }
      const file = form.file;
      if (!(file instanceof File))
        throw new FontRequestError("BAD_REQUEST", "Choose one font file to upload (field file).");
      const name = DisplayNameSchema.safeParse(typeof form.displayName === "string" ? form.displayName : "");
      if (!name.success) throw new FontRequestError("BAD_REQUEST", name.error.issues[0]!.message);
      if (file.size === 0) throw new FontRequestError("FONT_INVALID", "The file is empty.");
      if (file.size > MAX_FONT_BYTES) {
        throw new FontRequestError(
          "FONT_TOO_LARGE",
          `The file is ${(file.size / 1024 / 1024).toFixed(1)} MiB; fonts may be at most ${MAX_FONT_BYTES / 1024 / 1024} MiB.`,
        );
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await fonts.upload(c.get("accountId"), name.data, bytes), 201);
    },
  );

  app.delete("/:id", async (c) => {
    const deleted = await fonts.delete(c.get("accountId"), c.req.param("id"));
    if (!deleted) throw new FontRequestError("FONT_NOT_FOUND", `You have no font ${c.req.param("id")}.`);
    return c.body(null, 204);
  });

  app.get("/:id/preview", async (c) => {
    const query = PreviewQuerySchema.safeParse({ script: c.req.query("script") });
    if (!query.success)
      throw new FontRequestError("BAD_REQUEST", `script: one of ${ScriptSchema.options.join(", ")}.`);
    const png = await fonts.preview(c.get("accountId"), c.req.param("id"), query.data.script);
    return c.body(png as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "image/png",
      "cache-control": "private, max-age=3600",
    });
  });

  return app;
}

function refusal(c: Context<DashboardEnv>, error: unknown, logger: Services["logger"]): Response {
  if (error instanceof FontRequestError) return envelope(c, error.code, error.message, error.status);
  if (isGatewayError(error)) return envelope(c, error.code, error.message, error.status);
  logger.error("fonts API failed", { error });
  return envelope(c, "INTERNAL_ERROR", "The fonts service failed; retry.", 500);
}

function envelope(c: Context<DashboardEnv>, code: string, message: string, status: number): Response {
  return c.json({ success: false, error: { code, message } }, status as 400);
}
