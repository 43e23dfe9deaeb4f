import { useEffect, useState } from "preact/hooks";
import { api } from "./api.ts";
import { date, when } from "./format.ts";
import { Card, ConfirmDialog, Empty } from "./widgets.tsx";

interface Connection {
  tokenId: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function ExtensionsPage() {
  const [tokens, setTokens] = useState<Connection[] | null>(null);
  const [revoking, setRevoking] = useState<Connection | null>(null);
  const load = () =>
    api<{ tokens: Connection[] }>("GET", "/extension-tokens").then((r) => setTokens(r.tokens));
  useEffect(() => {
    void load();
  }, []);

  async function revoke() {
    if (!revoking) return;
    const token = revoking;
    setRevoking(null);
    await api("DELETE", `/extension-tokens/${token.tokenId}`);
    await load();
  }

  return (
    <>
      <header class="page-head">
        <h1>Connected extensions</h1>
        <p class="muted">
          Browsers where the Marketlens extension is connected to this account. They translate and compare
          through this server, charged to your balance, and can never call /v1.
        </p>
      </header>
      <Card>
        {tokens === null ? (
          <p class="muted">Loading…</p>
        ) : tokens.length === 0 ? (
          <Empty>
            No extension is connected. In the extension's options choose “Connect to a Marketlens server”.
          </Empty>
        ) : (
          <ul class="device-list">
            {tokens.map((t) => (
              <li key={t.tokenId} class="device">
                <span class="device-icon" aria-hidden="true">
                  ⧉
                </span>
                <div class="device-text">
                  <strong>{t.name}</strong>
                  <span class="muted">
                    connected {date(t.createdAt)} · last used {when(t.lastUsedAt)}
                  </span>
                </div>
                <button
                  type="button"
                  class="button danger small"
                  aria-label={`Disconnect ${t.name}`}
                  onClick={() => setRevoking(t)}
                >
                  Disconnect
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={revoking !== null}
        title="Disconnect this extension?"
        confirmLabel="Disconnect"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        <p>“{revoking?.name}” loses access at once; it can connect again from its options.</p>
      </ConfirmDialog>
    </>
  );
}
