import { Hono } from "hono";
import { z } from "zod";
import { GatewayError } from "../../src/contract/errors.ts";
import type { SourceLang } from "../../src/translate/port.ts";
import { formatMicros } from "../billing/money.ts";
import { priceFor } from "../billing/prices.ts";
import { compareRoutes } from "../compare/routes.ts";
import { readJsonObject } from "../platform/body.ts";
import { type ExtensionEnv, extensionAuth } from "./extension-auth.ts";

const SOURCES = ["zh", "zh-TW", "ja", "en", "auto"] as const satisfies readonly SourceLang[];

const TranslateBody = z.strictObject({
  texts: z.array(z.string().max(5_000)).min(1).max(200),
  source: z.enum(SOURCES),
  target: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, "a language code such as ko or en"),
});

const APP_BODY_LIMIT = 512 * 1024;

/**
 * The extension's own endpoints (never /v1): translation through the server's providers, charged to the
 * connected account at one unit per text, and who the extension is connected as. i17 adds /compare here.
 */
export function appRoutes(): Hono<ExtensionEnv> {
  const app = new Hono<ExtensionEnv>();
  app.use("*", extensionAuth);

  app.get("/session", async (c) => {
    const { accounts, ledger } = c.get("services");
    const { accountId } = c.get("extension");
    const account = await accounts.getAccount(accountId);
    if (!account) throw new GatewayError("UNAUTHORIZED", "The connected account no longer exists.");
    return c.json({
      accountId,
      email: account.email,
      balance: formatMicros(await ledger.balance(accountId)),
    });
  });

  app.post("/translate", async (c) => {
    const services = c.get("services");
    const parsed = TranslateBody.safeParse(await readJsonObject(c, APP_BODY_LIMIT));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new GatewayError("INVALID_PARAMS", `${issue.path.join(".") || "body"}: ${issue.message}`);
    }
    const { texts, source, target } = parsed.data;
    const reserving = services.ledger.reserve(
      c.get("extension").accountId,
      priceFor(services.prices, { kind: "units", units: texts.length }),
      { requestId: c.get("requestId"), operation: "app.translate" },
    );
    const hold = reserving instanceof Promise ? await reserving : reserving;
    try {
      const translator = await services.translator();
      const results = await translator.translateBatch(texts, source, target, {
        signal: c.req.raw.signal,
        domain: "product-image",
      });
      hold.commit();
      return c.json({ results });
    } finally {
      hold.release();
    }
  });

  // Seller comparison (server/compare/routes.ts), behind the same device-token middleware.
  app.route("/", compareRoutes());
  return app;
}
