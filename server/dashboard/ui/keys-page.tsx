import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api.ts";
import { date, when } from "./format.ts";
import { Card, ConfirmDialog, Empty, Notice } from "./widgets.tsx";

interface KeyRow {
  keyId: string;
  name: string;
  prefix: string;
  scopes: string[] | null;
  ratePerSecond: number | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

export function KeysPage() {
  const [keys, setKeys] = useState<KeyRow[] | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState("");
  const [revoking, setRevoking] = useState<KeyRow | null>(null);

  const load = () => api<{ keys: KeyRow[] }>("GET", "/keys").then((r) => setKeys(r.keys));
  useEffect(() => {
    void load();
  }, []);

  async function create(event: Event) {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const scopes = String(form.get("scopes") ?? "")
      .split(/[\s,]+/)
      .filter(Boolean);
    const rate = String(form.get("rate") ?? "");
    const expiry = String(form.get("expiry") ?? "");
    setError("");
    try {
      const body: Record<string, unknown> = { name: String(form.get("name")) };
      if (scopes.length > 0) body.scopes = scopes;
      if (rate) body.ratePerSecond = Number(rate);
      if (expiry) body.expiresAt = new Date(`${expiry}T23:59:59`).toISOString();
      const result = await api<{ keyId: string; key: string }>("POST", "/keys", body);
      setCreated({ name: String(body.name), key: result.key });
      setCopied(false);
      formElement.reset();
      await load();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The server could not be reached.");
    }
  }

  async function copy() {
    if (!created) return;
    await navigator.clipboard.writeText(created.key).catch(() => {});
    setCopied(true);
  }

  async function revoke() {
    if (!revoking) return;
    const key = revoking;
    setRevoking(null);
    await api("DELETE", `/keys/${key.keyId}`);
    await load();
  }

  const live = keys?.filter((k) => !k.revokedAt) ?? [];
  const revoked = keys?.filter((k) => k.revokedAt) ?? [];

  return (
    <>
      <header class="page-head">
        <h1>API keys</h1>
        <p class="muted">Keys call the /v1 gateway as this account. Send one as the x-api-key header.</p>
      </header>

      {created && (
        <section class="card reveal" aria-labelledby="new-key-title">
          <h2 id="new-key-title">Your new key “{created.name}”</h2>
          <Notice kind="warn">
            Copy it now: this is the only time it is shown. We keep only a hash and cannot show it again.
          </Notice>
          <div class="secret">
            <code data-testid="new-key">{created.key}</code>
            <button type="button" class="button primary" onClick={copy}>
              {copied ? "Copied ✓" : "Copy"}
            </button>
          </div>
          <button type="button" class="button ghost" onClick={() => setCreated(null)}>
            I have stored it safely
          </button>
        </section>
      )}

      <Card title="Create a key">
        <form class="form grid-form" onSubmit={create}>
          <label class="field">
            <span>Name</span>
            <input name="name" required maxLength={100} placeholder="e.g. price tracker" />
          </label>
          <label class="field">
            <span>Scopes (optional)</span>
            <input name="scopes" placeholder="emporium:search, image-translate:*" />
            <small class="muted">Empty means every operation.</small>
          </label>
          <label class="field">
            <span>Rate limit, calls a second (optional)</span>
            <input name="rate" type="number" min={1} max={100000} inputMode="numeric" />
          </label>
          <label class="field">
            <span>Expires on (optional)</span>
            <input name="expiry" type="date" />
          </label>
          {error && <Notice kind="error">{error}</Notice>}
          <div class="form-actions">
            <button class="button primary" type="submit">
              Create key
            </button>
          </div>
        </form>
      </Card>

      <Card title={`Active keys (${live.length})`}>
        {keys === null ? (
          <p class="muted">Loading…</p>
        ) : live.length === 0 ? (
          <Empty>No active keys yet. Create one above.</Empty>
        ) : (
          <div class="table-wrap">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {live.map((k) => (
                  <tr key={k.keyId}>
                    <td data-label="Name">{k.name || "—"}</td>
                    <td data-label="Key">
                      <code>{k.prefix}…</code>
                    </td>
                    <td data-label="Scopes">
                      {k.scopes ? (
                        k.scopes.map((s) => (
                          <span class="chip" key={s}>
                            {s}
                          </span>
                        ))
                      ) : (
                        <span class="muted">all</span>
                      )}
                      {k.ratePerSecond && <span class="chip chip-soft">{k.ratePerSecond}/s</span>}
                    </td>
                    <td data-label="Created">{date(k.createdAt)}</td>
                    <td data-label="Last used">{when(k.lastUsedAt)}</td>
                    <td data-label="Expires">{k.expiresAt ? date(k.expiresAt) : "never"}</td>
                    <td class="actions">
                      <button
                        type="button"
                        class="button danger small"
                        aria-label={`Revoke key ${k.name}`}
                        onClick={() => setRevoking(k)}
                      >
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {revoked.length > 0 && (
        <Card title={`Revoked keys (${revoked.length})`}>
          <ul class="plain-list">
            {revoked.map((k) => (
              <li key={k.keyId}>
                <code>{k.prefix}…</code> {k.name} <span class="muted">revoked {when(k.revokedAt)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        <p>
          “{revoking?.name}” (<code>{revoking?.prefix}…</code>) stops working at once: every call with it
          answers 401. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
