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

CREATE TABLE ledger_entries (
  id BIGSERIAL PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  kind TEXT NOT NULL CHECK (kind IN ('topup', 'charge', 'release')),
  -- Effect on the balance: + for a top-up, - for a charge, 0 for a release.
  amount_micros BIGINT NOT NULL,
  -- What the call had reserved (charges and releases).
  reserved_micros BIGINT NOT NULL DEFAULT 0,
  request_id TEXT,
  operation TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((kind = 'topup' AND amount_micros > 0)
      OR (kind = 'charge' AND amount_micros < 0)
      OR (kind = 'release' AND amount_micros = 0))
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
-- No call is charged twice, whatever happens to a settlement batch.
CREATE UNIQUE INDEX ledger_entries_one_charge ON ledger_entries (request_id) WHERE kind = 'charge';

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

/** Extended-protocol queries take one statement each; our migrations have no semicolons in strings. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter((s) => s.length > 0);
}
