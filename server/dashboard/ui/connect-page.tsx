import { useState } from "preact/hooks";
import { ApiError, api } from "./api.ts";
import { isAllowedRedirectUri } from "./redirect-uri.ts";
import { Notice } from "./widgets.tsx";

/**
 * The consent page of the extension connection: `/dashboard/connect?redirect_uri=&state=&name=`. On
 * approval it makes a device token and sends the browser to `redirect_uri#token=...&state=...` (a
 * fragment, so the token never reaches any server's logs).
 */
export function ConnectPage({ email }: { email: string }) {
  const params = new URLSearchParams(location.search);
  const redirectUri = params.get("redirect_uri");
  const state = params.get("state") ?? "";
  const name = (params.get("name") ?? "").trim().slice(0, 100) || "Browser extension";
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  if (!isAllowedRedirectUri(redirectUri)) {
    return (
      <main class="auth">
        <div class="auth-card">
          <h1>This connection link is not valid</h1>
          <Notice kind="error">
            The extension's return address must be a chrome-extension:// or moz-extension:// page. Start again
            from the extension's options.
          </Notice>
        </div>
      </main>
    );
  }

  async function approve() {
    setBusy(true);
    try {
      const { token } = await api<{ tokenId: string; token: string }>("POST", "/extension-tokens", { name });
      const fragment = new URLSearchParams({ token, state });
      location.replace(`${redirectUri}#${fragment.toString()}`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "The server could not be reached.");
      setBusy(false);
    }
  }

  function deny() {
    location.replace(`${redirectUri}#${new URLSearchParams({ error: "access_denied", state }).toString()}`);
  }

  return (
    <main class="auth">
      <div class="auth-card consent">
        <div class="consent-icons" aria-hidden="true">
          <span class="device-icon">⧉</span>
          <span class="consent-arrow">⟷</span>
          <span class="brand-mark">ML</span>
        </div>
        <h1>Connect “{name}”?</h1>
        <p>
          It will act as <strong>{email}</strong> on this server:
        </p>
        <ul class="checks">
          <li>translate text and images through this server's translators</li>
          <li>compare products across marketplaces</li>
          <li>charge those calls to your balance</li>
        </ul>
        <p class="muted">
          It gets no API key and cannot call /v1. You can disconnect it any time under Connected extensions.
        </p>
        {error && <Notice kind="error">{error}</Notice>}
        <div class="dialog-actions">
          <button type="button" class="button ghost" onClick={deny}>
            Cancel
          </button>
          <button type="button" class="button primary" disabled={busy} onClick={approve}>
            Connect
          </button>
        </div>
      </div>
    </main>
  );
}
