import { timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { GatewayError } from "../../src/contract/errors.ts";
import { EmailTakenError } from "../accounts/account-store.ts";
import { isValidScope } from "../accounts/scopes.ts";
import { UnknownAccountError } from "../billing/ledger.ts";
import { formatMicros, parseDollars } from "../billing/money.ts";
import { readJsonObject } from "../platform/body.ts";
import type { AppEnv } from "../platform/context.ts";
import { CONTROL_CHARACTERS, readInput } from "../platform/input.ts";
import { requestHeader } from "../platform/request-header.ts";

/**
 * The operators' API (a fixed contract: checks outside the project rely on it). Enabled by ADMIN_TOKEN,
 * sent as `Authorization: Bearer <token>`.
 */
const Amount = z
  .string()
  .refine((v) => parseDollars(v) !== undefined, 'a dollar amount such as "10.00" (at most 6 decimals)')
  .transform((v) => parseDollars(v)!);

const CreateAccount = z.strictObject({
  email: z.email(),
  credit: Amount.optional(),
  billing: z.boolean().optional().describe("whether the account has a billing arrangement (default true)"),
});

/** A key's name is shown back to people and stored as text (Postgres refuses NUL): printable only. */
const KeyName = z
  .string()
  .max(100)
  .refine((v) => !CONTROL_CHARACTERS.test(v), "contains control characters; use printable text");

/**
 * An ISO 8601 instant the database can store: years 0000 or 10000 are well-formed ISO text but no
 * timestamp (Postgres refuses them), so the range is part of the format.
 */
const Instant = z.iso.datetime({ offset: true }).refine((v) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 1970 && year <= 9999;
}, "a date between the years 1970 and 9999");

const CreateKey = z.strictObject({
  name: KeyName.optional(),
  scopes: z
    .array(z.string().refine(isValidScope, "a scope such as emporium:search, auction:* or *:categories"))
    .optional(),
  ratePerSecond: z.number().int().positive().max(100_000).optional(),
  expiresAt: Instant.optional(),
});

const Credit = z.strictObject({ amount: Amount.refine((v) => v > 0, "a positive amount") });
const Billing = z.strictObject({ enabled: z.boolean() });

const ADMIN_BODY_LIMIT = 64 * 1024;

/**
 * An id in the path (`acc_…`, `key_…`): an id this service could have issued, or no such thing (404)
 * before the database is asked (a NUL or a megabyte of text is not an id, and must not reach SQL).
 */
const PathId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

function pathId(c: Context<AppEnv>, name: "accountId" | "keyId"): string {
  const id = c.req.param(name) ?? "";
  if (PathId.safeParse(id).success) return id;
  throw new GatewayError("NOT_FOUND", `No ${name === "keyId" ? "key" : "account"} with that id.`);
}

export function adminRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const token = c.get("services").config.adminToken;
    if (!token)
      throw new GatewayError(
        "UNAUTHORIZED",
        "The admin API is disabled: start the server with ADMIN_TOKEN set.",
      );
    const given = /^Bearer (.+)$/.exec(requestHeader(c, "authorization") ?? "")?.[1];
    if (!given || !sameSecret(given, token)) {
      throw new GatewayError("UNAUTHORIZED", "Send Authorization: Bearer <ADMIN_TOKEN>.");
    }
    await next();
  });

  app.post("/accounts", async (c) => {
    const { accounts, ledger } = c.get("services");
    const input = readInput(CreateAccount, await readJsonObject(c, ADMIN_BODY_LIMIT), "INVALID_PARAMS");
    try {
      const account = await accounts.createAccount({
        email: input.email,
        billingEnabled: input.billing ?? true,
      });
      if (input.credit) await ledger.topUp(account.id, input.credit, c.get("requestId"));
      return c.json({ accountId: account.id }, 201);
    } catch (error) {
      if (error instanceof EmailTakenError)
        throw new GatewayError("INVALID_PARAMS", `email: ${error.message}`);
      throw error;
    }
  });

  app.get("/accounts/:accountId", async (c) => {
    const { accounts, ledger } = c.get("services");
    const account = await accounts.getAccount(pathId(c, "accountId"));
    if (!account) throw noAccount(pathId(c, "accountId"));
    const balanceMicros = await ledger.balance(account.id);
    return c.json({
      accountId: account.id,
      email: account.email,
      status: account.status,
      billing: account.billingEnabled,
      balance: formatMicros(balanceMicros),
      balanceMicros,
    });
  });

  app.post("/accounts/:accountId/keys", async (c) => {
    const { accounts } = c.get("services");
    const input = readInput(CreateKey, await readJsonObject(c, ADMIN_BODY_LIMIT), "INVALID_PARAMS");
    const accountId = pathId(c, "accountId");
    if (!(await accounts.getAccount(accountId))) throw noAccount(accountId);
    const { record, key } = await accounts.createKey(accountId, {
      name: input.name ?? "",
      scopes: input.scopes ?? null,
      ratePerSecond: input.ratePerSecond ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    return c.json({ keyId: record.id, key }, 201);
  });

  app.get("/accounts/:accountId/keys", async (c) => {
    const keys = await c.get("services").accounts.listKeys(pathId(c, "accountId"));
    return c.json({ keys });
  });

  app.delete("/keys/:keyId", async (c) => {
    const { accounts, authenticator, clock } = c.get("services");
    const revoked = await accounts.revokeKey(pathId(c, "keyId"), clock());
    if (!revoked) throw new GatewayError("NOT_FOUND", `No key ${pathId(c, "keyId")}.`);
    authenticator.forgetKey(revoked.id);
    return c.body(null, 204);
  });

  app.post("/accounts/:accountId/credit", async (c) => {
    const { ledger } = c.get("services");
    const input = readInput(Credit, await readJsonObject(c, ADMIN_BODY_LIMIT), "INVALID_PARAMS");
    try {
      const balance = await ledger.topUp(pathId(c, "accountId"), input.amount, c.get("requestId"));
      return c.json({ balance: formatMicros(balance), balanceMicros: balance });
    } catch (error) {
      if (error instanceof UnknownAccountError) throw noAccount(pathId(c, "accountId"));
      throw error;
    }
  });

  for (const [action, status] of [
    ["suspend", "suspended"],
    ["unsuspend", "active"],
  ] as const) {
    app.post(`/accounts/:accountId/${action}`, async (c) => {
      const { accounts, authenticator } = c.get("services");
      const accountId = pathId(c, "accountId");
      if (!(await accounts.setStatus(accountId, status))) throw noAccount(accountId);
      authenticator.forgetAccount(accountId);
      return c.json({ accountId, status });
    });
  }

  app.post("/accounts/:accountId/billing", async (c) => {
    const { accounts, authenticator } = c.get("services");
    const input = readInput(Billing, await readJsonObject(c, ADMIN_BODY_LIMIT), "INVALID_PARAMS");
    const accountId = pathId(c, "accountId");
    if (!(await accounts.setBillingEnabled(accountId, input.enabled))) throw noAccount(accountId);
    authenticator.forgetAccount(accountId);
    return c.json({ accountId, billing: input.enabled });
  });

  return app;
}

function noAccount(accountId: string): GatewayError {
  return new GatewayError("NOT_FOUND", `No account ${accountId}.`);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
