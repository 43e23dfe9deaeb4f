import type { Database } from "./database.ts";

/**
 * The one SQL schema, as an ordered list of migrations. Append only: a migration that has run on a
 * deployment is never edited. Each runs in a transaction under an advisory lock, so several server
 * processes starting together against one Postgres migrate once.
 */
export const MIGRATIONS: readonly { id: string; sql: string }[] = [
  {
    id: "0001_accounts_keys_ledger",
    sql: `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  billing_enabled BOOLEAN NOT NULL DEFAULT TRUE,
  -- Credit not leased to any server process. An account's balance is this plus its leases.
  balance_micros BIGINT NOT NULL DEFAULT 0 CHECK (balance_micros >= 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL DEFAULT '',
  -- The first characters of the key, shown in listings; the key itself is never stored.
  display_prefix TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  scopes TEXT[],
  rate_per_second INTEGER CHECK (rate_per_second IS NULL OR rate_per_second > 0),
  expires_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX api_keys_account ON api_keys (account_id);

-- The ledger is written in batches: each settlement (or top-up) is one row of parallel arrays, one
-- element per entry. Writing a row per call costs about 50 us in PGlite (a tuple and three index
-- updates) and would cap the gateway; a batch costs about 3 us an entry. The batch id makes a retried
-- settlement idempotent: a batch that committed is never written (or charged) again.
CREATE TABLE ledger_batches (
  id TEXT PRIMARY KEY,
  seq BIGSERIAL UNIQUE,
  holder_id TEXT NOT NULL,
  settled_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  account_ids TEXT[] NOT NULL,
  kinds TEXT[] NOT NULL,
  -- Effect on the balance: + for a top-up, - for a charge, 0 for a release.
  amounts BIGINT[] NOT NULL,
  -- What the call had reserved (charges and releases).
  reserved BIGINT[] NOT NULL,
  request_ids TEXT[] NOT NULL,
  operations TEXT[] NOT NULL,
  at_ms BIGINT[] NOT NULL,
  CHECK (cardinality(account_ids) = cardinality(kinds) AND cardinality(kinds) = cardinality(amounts)
     AND cardinality(amounts) = cardinality(reserved) AND cardinality(reserved) = cardinality(request_ids)
     AND cardinality(request_ids) = cardinality(operations) AND cardinality(operations) = cardinality(at_ms))
);
-- Finds the batches that hold an account's entries without reading the others.
CREATE INDEX ledger_batches_accounts ON ledger_batches USING GIN (account_ids);

-- One row per entry, for every reader: SELECT ... FROM ledger_entries WHERE account_id = ...
CREATE VIEW ledger_entries AS
SELECT b.seq AS batch_seq, e.ord AS entry_no, e.account_id, e.kind, e.amount_micros, e.reserved_micros,
       e.request_id, e.operation, to_timestamp(e.at_ms / 1000.0) AS created_at
FROM ledger_batches b,
     unnest(b.account_ids, b.kinds, b.amounts, b.reserved, b.request_ids, b.operations, b.at_ms)
       WITH ORDINALITY AS e(account_id, kind, amount_micros, reserved_micros, request_id, operation, at_ms, ord);

-- A server process that holds credit leases; its heartbeat tells the others it is alive.
CREATE TABLE ledger_holders (
  id TEXT PRIMARY KEY,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Credit moved from an account's balance into one process, so calls are charged in memory.
CREATE TABLE credit_leases (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  holder_id TEXT NOT NULL REFERENCES ledger_holders(id) ON DELETE CASCADE,
  amount_micros BIGINT NOT NULL CHECK (amount_micros >= 0),
  -- Set by a process that ran short on this account: the holder hands back what it does not need.
  recall_requested_at TIMESTAMPTZ,
  PRIMARY KEY (account_id, holder_id)
);

CREATE TABLE usage_daily (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  day DATE NOT NULL,
  calls BIGINT NOT NULL DEFAULT 0,
  charged_micros BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day)
);
`,
  },
  {
    // A settlement was seven round trips (BEGIN, the batch, two locking reads, the lease, the usage,
    // COMMIT), each parsed and planned anew; in PGlite each is several calls into the engine on the
    // server's own thread. One function call does the same statements in the same lock order, with
    // plans cached for the session.
    id: "0002_settle_function",
    sql: `
CREATE FUNCTION ledger_settle(
  p_id TEXT, p_holder TEXT,
  p_account_ids TEXT[], p_kinds TEXT[], p_amounts BIGINT[], p_reserved BIGINT[], p_request_ids TEXT[],
  p_operations TEXT[], p_at_ms BIGINT[],
  -- Charged per account (ids sorted, the lock order), and per account and UTC day for usage_daily.
  p_spent_accounts TEXT[], p_spent BIGINT[],
  p_usage_accounts TEXT[], p_usage_days DATE[], p_usage_calls BIGINT[], p_usage_micros BIGINT[]
) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  v_from_lease BIGINT[];
BEGIN
  -- Already there: an earlier attempt committed (its answer was lost) with its lease and usage
  -- updates; writing nothing now is what keeps every charge single.
  INSERT INTO ledger_batches (id, holder_id, account_ids, kinds, amounts, reserved, request_ids, operations, at_ms)
  VALUES (p_id, p_holder, p_account_ids, p_kinds, p_amounts, p_reserved, p_request_ids, p_operations, p_at_ms)
  ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN FALSE;
  END IF;
  IF cardinality(p_spent_accounts) = 0 THEN
    RETURN TRUE;
  END IF;
  -- Accounts before leases, in id order: the lock order of every ledger transaction.
  PERFORM 1 FROM accounts WHERE id = ANY(p_spent_accounts) ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM credit_leases WHERE holder_id = p_holder AND account_id = ANY(p_spent_accounts) FOR UPDATE;
  -- Charges settle against this holder's leases; what a lease cannot cover (it was reclaimed while this
  -- holder was presumed dead) comes from the account's balance, never below zero.
  SELECT array_agg(LEAST(COALESCE(l.amount_micros, 0), s.spent) ORDER BY s.ord) INTO v_from_lease
  FROM unnest(p_spent_accounts, p_spent) WITH ORDINALITY AS s(account_id, spent, ord)
  LEFT JOIN credit_leases l ON l.account_id = s.account_id AND l.holder_id = p_holder;
  UPDATE credit_leases l SET amount_micros = l.amount_micros - s.from_lease
  FROM unnest(p_spent_accounts, v_from_lease) AS s(account_id, from_lease)
  WHERE l.account_id = s.account_id AND l.holder_id = p_holder AND s.from_lease > 0;
  UPDATE accounts a SET balance_micros = GREATEST(0, a.balance_micros - (s.spent - s.from_lease))
  FROM unnest(p_spent_accounts, p_spent, v_from_lease) AS s(account_id, spent, from_lease)
  WHERE a.id = s.account_id AND s.spent > s.from_lease;
  INSERT INTO usage_daily (account_id, day, calls, charged_micros)
  SELECT * FROM unnest(p_usage_accounts, p_usage_days, p_usage_calls, p_usage_micros)
  ON CONFLICT (account_id, day) DO UPDATE SET calls = usage_daily.calls + EXCLUDED.calls,
    charged_micros = usage_daily.charged_micros + EXCLUDED.charged_micros;
  RETURN TRUE;
END
$$
`,
  },
  {
    // A batch's seven columns travel as seven delimited texts instead of seven arrays: the drivers
    // serialize an array parameter element by element in JavaScript (pg on the event loop, PGlite on its
    // thread), which cost more than the settlement's SQL; a text goes as it is and string_to_array splits
    // it in C. Entries hold no control characters (ids, kinds and operation names are the server's own);
    // should one ever hold the separator, the columns' lengths differ and ledger_batches' CHECK refuses
    // the batch rather than storing it shifted.
    id: "0003_settle_packed",
    sql: `
CREATE FUNCTION ledger_settle_packed(
  p_id TEXT, p_holder TEXT,
  p_account_ids TEXT, p_kinds TEXT, p_amounts TEXT, p_reserved TEXT, p_request_ids TEXT,
  p_operations TEXT, p_at_ms TEXT,
  p_spent_accounts TEXT[], p_spent BIGINT[],
  p_usage_accounts TEXT[], p_usage_days DATE[], p_usage_calls BIGINT[], p_usage_micros BIGINT[]
) RETURNS BOOLEAN LANGUAGE sql AS $$
  SELECT ledger_settle(p_id, p_holder,
    string_to_array(p_account_ids, E'\\x1f'), string_to_array(p_kinds, E'\\x1f'),
    string_to_array(p_amounts, E'\\x1f')::BIGINT[], string_to_array(p_reserved, E'\\x1f')::BIGINT[],
    string_to_array(p_request_ids, E'\\x1f'), string_to_array(p_operations, E'\\x1f'),
    string_to_array(p_at_ms, E'\\x1f')::BIGINT[],
    p_spent_accounts, p_spent, p_usage_accounts, p_usage_days, p_usage_calls, p_usage_micros)
$$
`,
  },
  {
    // The dashboard: passwords, browser sessions, reset links, extension tokens and payments.
    id: "0030_dashboard",
    sql: `
CREATE TABLE account_passwords (
  account_id TEXT PRIMARY KEY REFERENCES accounts(id),
  -- scrypt$N$r$p$salt$hash (base64url), see server/dashboard/passwords.ts
  password_hash TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A browser session. Only a SHA-256 of the cookie's secret is stored, so a read of this table signs nobody in.
CREATE TABLE dashboard_sessions (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  csrf_token TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX dashboard_sessions_account ON dashboard_sessions (account_id);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

-- A connected browser extension: a device token that opens /app and nothing else.
CREATE TABLE extension_tokens (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  display_prefix TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX extension_tokens_account ON extension_tokens (account_id);

-- A top-up as the payments provider sees it: created at checkout, credited once when paid.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  provider TEXT NOT NULL,
  provider_ref TEXT,
  amount_micros BIGINT NOT NULL CHECK (amount_micros > 0),
  test_money BOOLEAN NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'credited')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  credited_at TIMESTAMPTZ
);
CREATE INDEX payments_account ON payments (account_id);
CREATE UNIQUE INDEX payments_provider_ref ON payments (provider, provider_ref);

-- Webhook events already handled: a provider that delivers one event twice credits once.
CREATE TABLE payment_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
`,
  },
  {
    // User fonts (dashboard uploads). The files live in the database so every server process sees them,
    // once per content hash however many uploads share it; `sfnt` is what the renderer reads (a WOFF2
    // upload decompressed). A deleted font keeps its row (calls naming it answer FONT_NOT_READY) and lets
    // go of its file.
    id: "0040_user_fonts",
    sql: `
CREATE TABLE font_files (
  hash TEXT PRIMARY KEY,
  sfnt BYTEA NOT NULL,
  upload_bytes INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE user_fonts (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  display_name TEXT NOT NULL,
  family TEXT NOT NULL,
  weight INTEGER NOT NULL CHECK (weight BETWEEN 1 AND 1000),
  italic BOOLEAN NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('ttf', 'otf', 'woff2')),
  glyph_coverage JSONB NOT NULL,
  state TEXT NOT NULL DEFAULT 'usable' CHECK (state IN ('usable', 'rejected', 'deleted')),
  state_reason TEXT,
  file_hash TEXT REFERENCES font_files(hash),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  deleted_at TIMESTAMPTZ,
  CHECK ((state = 'deleted') = (file_hash IS NULL))
);
CREATE INDEX user_fonts_account ON user_fonts (account_id, created_at) WHERE state <> 'deleted';
CREATE INDEX user_fonts_file ON user_fonts (file_hash) WHERE file_hash IS NOT NULL;
`,
  },
  {
    // Idempotency-Key on charged calls (server/gateway/idempotency.ts): one row per key an account
    // sent, written only when a call carries the header. `result` is the delivered result, replayed to a
    // retry of the same request within 24 hours; a row still 'running' is a call in progress.
    id: "0010_idempotency_keys",
    sql: `
CREATE TABLE idempotency_keys (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  idem_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
  result TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
`,
  },
  {
    // The exchange rates landed costs are computed with, each with the day it was taken.
    id: "0050_exchange_rates",
    sql: `
CREATE TABLE exchange_rates (
  currency TEXT PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  -- Units of the currency one US dollar buys.
  per_usd NUMERIC NOT NULL CHECK (per_usd > 0),
  as_of DATE NOT NULL
);
INSERT INTO exchange_rates (currency, per_usd, as_of) VALUES
  ('USD', 1, '2026-11-20'),
  ('CNY', 7.2, '2026-11-20'),
  ('JPY', 150, '2026-11-20'),
  ('KRW', 1385, '2026-11-20'),
  ('EUR', 0.92, '2026-11-20'),
  ('GBP', 0.79, '2026-11-20'),
  ('TWD', 32.1, '2026-11-20'),
  ('HKD', 7.78, '2026-11-20'),
  ('CAD', 1.39, '2026-11-20'),
  ('AUD', 1.53, '2026-11-20');
`,
  },
];

const MIGRATION_LOCK = 7_270_127;

export async function migrate(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await tx.query<{ id: string }>("SELECT id FROM schema_migrations")).rows.map((r) => r.id),
    );
    const applied: string[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/**
 * Extended-protocol queries take one statement each. Our migrations have no semicolons in strings; a
 * function body is dollar-quoted ($$ ... $$) and kept whole.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  sql.split("$$").forEach((part, i) => {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      return;
    }
    const pieces = part.split(/;\s*$/m);
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current);
      current = piece;
    }
  });
  statements.push(current);
  return statements.map((s) => s.replace(/^\s*--.*$/gm, "").trim()).filter((s) => s.length > 0);
}
