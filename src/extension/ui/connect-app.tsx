/**
 * The page the dashboard redirects to after the shopper approved the connection
 * (`connect.html#token=mle_…&state=…`): checks the state, keeps the extension token, asks the server who
 * the account is, and clears the token from the address bar.
 */
import { useEffect, useState } from "preact/hooks";
import { browser } from "wxt/browser";
import { fetchSession, PENDING_KEY, PendingConnectionSchema, readRedirect } from "../server-connection.ts";
import { loadSettings, saveSettings } from "../settings.ts";

export function ConnectApp() {
  const [message, setMessage] = useState("Connecting…");
  const [state, setState] = useState<"working" | "connected" | "failed">("working");
  useEffect(() => {
    const hash = location.hash;
    history.replaceState(null, "", location.pathname);
    void (async () => {
      const stored = (await browser.storage.local.get(PENDING_KEY))[PENDING_KEY];
      const pending = PendingConnectionSchema.safeParse(stored);
      const redirect = readRedirect(hash, pending.success ? pending.data : undefined);
      if (!redirect.ok || !pending.success) {
        setState("failed");
        setMessage(redirect.ok ? "No connection was started." : redirect.message);
        return;
      }
      await browser.storage.local.remove(PENDING_KEY);
      const server = { url: pending.data.url, token: redirect.token };
      try {
        const session = await fetchSession(server);
        const settings = await loadSettings(browser.storage.local, navigator.language);
        await saveSettings(browser.storage.local, {
          ...settings,
          server: { ...server, email: session.email, connectedAt: new Date().toISOString() },
        });
        setState("connected");
        setMessage(`Connected to ${server.url} as ${session.email}. You can close this tab.`);
      } catch (error) {
        setState("failed");
        setMessage(error instanceof Error ? error.message : String(error));
      }
    })();
  }, []);
  return (
    <main data-connect-state={state}>
      <h1>Marketlens</h1>
      <p role={state === "failed" ? "alert" : "status"}>{message}</p>
    </main>
  );
}
