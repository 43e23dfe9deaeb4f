import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { GatewayError } from "../../src/contract/errors.ts";
import { isValidScope } from "../accounts/scopes.ts";
import { formatMicros, parseDollars } from "../billing/money.ts";
import { readJsonObject } from "../platform/body.ts";
import type { AppEnv } from "../platform/context.ts";
import { AccountActivity } from "./account-activity.ts";
import { EmailInUseError } from "./credential-store.ts";
import { clearSessionCookie, dashboardOrigin, sessionToken, setSessionCookie } from "./session-cookie.ts";
import { type DashboardAppEnv, refuseForeignOrigin, requireSession } from "./session-middleware.ts";

const BODY_LIMIT = 64 * 1024;

/** Lenient on purpose (an address is proven by mail, not by a pattern): one @, no spaces, at most 254. */
const Email = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, "an email address such as you@example.com");
const Password = z.string().min(10, "at least 10 characters").max(200, "at most 200 characters");

const SignUp = z.object({ email: Email, password: Password, inviteCode: z.string().max(200).optional() });
const SignIn = z.object({ email: Email, password: z.string().max(200) });
const ResetRequest = z.object({ email: Email });
const ResetConfirm = z.object({ token: z.string().max(100), password: Password });
const CreateKey = z.object({
  name: z.string().trim().min(1, "a name").max(100),
  scopes: z
    .array(z.string().refine(isValidScope, "a scope such as emporium:search, auction:* or *:categories"))
    .max(50)
    .optional(),
  ratePerSecond: z.number().int().positive().max(100_000).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
const TopUp = z.object({
  amount: z.string().refine((v) => {
    const micros = parseDollars(v);
    return micros !== undefined && micros >= 1_000_000 && micros <= 10_000_000_000 && micros % 10_000 === 0;
  }, "a dollar amount from 1.00 to 10000.00 in whole cents"),
});
const ExtensionToken = z.object({ name: z.string().trim().min(1, "a name").max(100) });

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new GatewayError("INVALID_PARAMS", `${issue.path.join(".") || "body"}: ${issue.message}`);
}

function clientAddress<E extends AppEnv>(c: Context<E>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "in-process";
  }
}

/** The fixed contract under /dashboard/api (docs/dashboard.md): JSON, cookie session, CSRF token. */
export function dashboardApiRoutes(): Hono<DashboardAppEnv> {
  const app = new Hono<DashboardAppEnv>();
  app.route("/", publicRoutes());
  app.use("*", requireSession);
  app.route("/", sessionRoutes());
  app.route("/", keyRoutes());
  app.route("/", balanceRoutes());
  app.route("/", extensionTokenRoutes());
  return app;
}

/** Sign-up, sign-in and password reset: no session yet, so only the Origin is checked. */
function publicRoutes(): Hono<DashboardAppEnv> {
  const app = new Hono<DashboardAppEnv>();
  app.use("*", async (c, next) => {
    refuseForeignOrigin(c);
    await next();
  });

  app.post("/signup", async (c) => {
    const { config, credentials, ledger, sessions, logger } = c.get("services");
    const input = parse(SignUp, await readJsonObject(c, BODY_LIMIT));
    const { signupMode, inviteCodes, signupCreditMicros } = config.dashboard;
    if (signupMode === "invite" && !inviteCodes.includes(input.inviteCode ?? "")) {
      throw new GatewayError(
        "FORBIDDEN",
        "Signing up needs an invitation on this server; ask its operator for a code.",
      );
    }
    let accountId: string;
    try {
      ({ accountId } = await credentials.signUp(input.email, input.password));
    } catch (error) {
      if (error instanceof EmailInUseError)
        throw new GatewayError(
          "INVALID_PARAMS",
          "email: an account with this email exists; sign in instead.",
        );
      throw error;
    }
    if (signupCreditMicros > 0) await ledger.topUp(accountId, signupCreditMicros, "signup-credit");
    const session = await sessions.create(accountId);
    setSessionCookie(c, session.token, session.expiresAt);
    logger.info("dashboard sign-up", { accountId });
    return c.json({ accountId, csrfToken: session.csrfToken }, 201);
  });

  app.post("/login", async (c) => {
    const { credentials, sessions, signInThrottle } = c.get("services");
    const input = parse(SignIn, await readJsonObject(c, BODY_LIMIT));
    const address = clientAddress(c);
    const waitMs = await signInThrottle.blockedFor(input.email, address);
    if (waitMs > 0) {
      throw new GatewayError(
        "RATE_LIMITED",
        `Too many failed sign-ins; try again in ${Math.ceil(waitMs / 60_000)} minute(s) or reset the password.`,
        { retryAfterMs: waitMs },
      );
    }
    const found = await credentials.verify(input.email, input.password);
    if (!found) {
      await signInThrottle.recordFailure(input.email, address);
      throw new GatewayError("UNAUTHORIZED", "Wrong email or password.");
    }
    await signInThrottle.recordSuccess(input.email);
    // A new session on every sign-in; whatever session the browser held before is ended (no fixation).
    const previous = sessionToken(c);
    if (previous) await sessions.revoke(previous);
    const session = await sessions.create(found.accountId);
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json({ accountId: found.accountId, csrfToken: session.csrfToken });
  });

  app.post("/password-reset", async (c) => {
    const { credentials, mailer, logger } = c.get("services");
    const input = parse(ResetRequest, await readJsonObject(c, BODY_LIMIT));
    const reset = await credentials.createReset(input.email);
    if (reset) {
      const link = `${dashboardOrigin(c)}/dashboard/reset?token=${reset.token}`;
      await mailer
        .send({
          to: input.email,
          subject: "Reset your Marketlens password",
          text: `Someone asked to reset the password of this account. Open ${link} within an hour to choose a new one. If it was not you, ignore this message.`,
        })
        .catch((error) => logger.error("could not send a password reset mail", { error }));
    }
    // The same answer whether the account exists or not.
    return c.json({ sent: true }, 202);
  });

  app.post("/password-reset/confirm", async (c) => {
    const { credentials, sessions } = c.get("services");
    const input = parse(ResetConfirm, await readJsonObject(c, BODY_LIMIT));
    const done = await credentials.resetPassword(input.token, input.password);
    if (!done)
      throw new GatewayError("INVALID_PARAMS", "token: this reset link is unknown, used or expired.");
    await sessions.revokeAll(done.accountId);
    return c.body(null, 204);
  });

  return app;
}

function sessionRoutes(): Hono<DashboardAppEnv> {
  const app = new Hono<DashboardAppEnv>();
  app.get("/session", async (c) => {
    const { accounts, sessions } = c.get("services");
    const session = await sessions.find(sessionToken(c)!);
    const account = await accounts.getAccount(c.get("accountId"));
    return c.json({ accountId: c.get("accountId"), email: account!.email, csrfToken: session!.csrfToken });
  });
  app.post("/logout", async (c) => {
    await c.get("services").sessions.revoke(sessionToken(c)!);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
  return app;
}

function keyRoutes(): Hono<DashboardAppEnv> {
  const app = new Hono<DashboardAppEnv>();
  app.get("/keys", async (c) => {
    const keys = await c.get("services").accounts.listKeys(c.get("accountId"));
    return c.json({
      keys: keys.map((k) => ({
        keyId: k.id,
        name: k.name,
        prefix: k.displayPrefix,
        scopes: k.scopes,
        ratePerSecond: k.ratePerSecond,
        createdAt: k.createdAt,
        lastUsedAt: k.lastUsedAt,
        expiresAt: k.expiresAt,
        revokedAt: k.revokedAt,
      })),
    });
  });
  app.post("/keys", async (c) => {
    const input = parse(CreateKey, await readJsonObject(c, BODY_LIMIT));
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= c.get("services").clockMs())
      throw new GatewayError("INVALID_PARAMS", "expiresAt: a time in the future");
    const { record, key } = await c.get("services").accounts.createKey(c.get("accountId"), {
      name: input.name,
      scopes: input.scopes && input.scopes.length > 0 ? input.scopes : null,
      ratePerSecond: input.ratePerSecond ?? null,
      expiresAt,
    });
    return c.json({ keyId: record.id, key }, 201);
  });
  app.delete("/keys/:keyId", async (c) => {
    const { accounts, authenticator, clock } = c.get("services");
    const keyId = c.req.param("keyId");
    const own = (await accounts.listKeys(c.get("accountId"))).some((k) => k.id === keyId);
    // Another account's key is as absent as a key that never was.
    if (!own) throw new GatewayError("NOT_FOUND", `No key ${keyId} on this account.`);
    await accounts.revokeKey(keyId, clock());
    authenticator.forgetKey(keyId);
    return c.body(null, 204);
  });
  return app;
}

function balanceRoutes(): Hono<DashboardAppEnv> {
  const app = new Hono<DashboardAppEnv>();
  app.get("/balance", async (c) => {
    const { ledger, payments } = c.get("services");
    const balanceMicros = await ledger.balance(c.get("accountId"));
    return c.json({
      balance: formatMicros(balanceMicros),
      balanceMicros,
      provider: payments.provider.name,
      testMoney: payments.provider.testMoney,
    });
  });
  app.get("/ledger", async (c) => {
    const { db, ledger } = c.get("services");
    await ledger.settle();
    return c.json({ entries: await new AccountActivity(db).ledger(c.get("accountId")) });
  });
  app.get("/usage", async (c) => {
    const { db, ledger, clock } = c.get("services");
    await ledger.settle();
    return c.json({ days: 30, usage: await new AccountActivity(db).usage(c.get("accountId"), 30, clock()) });
  });
  app.get("/usage.csv", async (c) => {
    const { db, ledger, clock } = c.get("services");
    await ledger.settle();
    const rows = await new AccountActivity(db).usage(c.get("accountId"), 30, clock());
    const lines = [
      "day,operation,calls,charged_usd",
      ...rows.map((r) => `${r.day},${csvField(r.operation)},${r.calls},${formatMicros(r.chargedMicros)}`),
    ];
    return c.body(`${lines.join("\r\n")}\r\n`, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="marketlens-usage.csv"',
    });
  });
  app.post("/topup", async (c) => {
    const { accounts, ledger, payments } = c.get("services");
    const input = parse(TopUp, await readJsonObject(c, BODY_LIMIT));
    const account = await accounts.getAccount(c.get("accountId"));
    const started = await payments.startTopUp({
      accountId: c.get("accountId"),
      email: account!.email,
      amountMicros: parseDollars(input.amount)!,
      returnUrl: `${dashboardOrigin(c)}/dashboard/balance`,
    });
    const balanceMicros = await ledger.balance(c.get("accountId"));
    return c.json({
      ...started,
      testMoney: payments.provider.testMoney,
      balance: formatMicros(balanceMicros),
      balanceMicros,
    });
  });
  return app;
}

function extensionTokenRoutes(): Hono<DashboardAppEnv> {
  const app = new Hono<DashboardAppEnv>();
  app.get("/extension-tokens", async (c) => {
    const tokens = await c.get("services").extensionTokens.list(c.get("accountId"));
    return c.json({ tokens: tokens.map(({ id, ...rest }) => ({ tokenId: id, ...rest })) });
  });
  app.post("/extension-tokens", async (c) => {
    const input = parse(ExtensionToken, await readJsonObject(c, BODY_LIMIT));
    return c.json(await c.get("services").extensionTokens.create(c.get("accountId"), input.name), 201);
  });
  app.delete("/extension-tokens/:tokenId", async (c) => {
    const revoked = await c
      .get("services")
      .extensionTokens.revoke(c.get("accountId"), c.req.param("tokenId"));
    if (!revoked) throw new GatewayError("NOT_FOUND", `No connected extension ${c.req.param("tokenId")}.`);
    return c.body(null, 204);
  });
  return app;
}

/** An operation name that could start a spreadsheet formula is quoted and defused. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
