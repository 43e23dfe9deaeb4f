/**
 * Connecting the extension to a Marketlens server (the seam with the dashboard): the extension opens
 * `<server>/dashboard/connect?redirect_uri=<connect page>&state=<random>&name=<device>`; after sign-in and
 * approval the dashboard redirects to `<connect page>#token=mle_…&state=…`. The token is an extension
 * token, sent as `Authorization: Bearer` to `/app/*` only; no API key is ever stored or sent.
 */
import { z } from "zod";

export const PENDING_KEY = "pendingConnection";

export const PendingConnectionSchema = z.object({ url: z.string().url(), state: z.string().min(16) });
export type PendingConnection = z.infer<typeof PendingConnectionSchema>;

export const SessionSchema = z.object({
  accountId: z.string(),
  email: z.string(),
  balance: z.union([z.number(), z.string()]),
});
export type ServerSession = z.infer<typeof SessionSchema>;

export function randomState(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** The server's base URL as the shopper typed it, normalised; undefined when it is not http(s). */
export function normaliseServerUrl(input: string): string | undefined {
  try {
    const url = new URL(input.trim().includes("://") ? input.trim() : `https://${input.trim()}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

export function connectUrl(server: string, redirectUri: string, state: string, deviceName: string): string {
  const url = new URL("/dashboard/connect", server);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  url.searchParams.set("name", deviceName);
  return url.href;
}

/** Reads `#token=…&state=…`; the token must be an extension token and the state the one we sent. */
export function readRedirect(
  hash: string,
  pending: PendingConnection | undefined,
): { ok: true; token: string } | { ok: false; message: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token") ?? "";
  const state = params.get("state") ?? "";
  if (!pending || state !== pending.state)
    return {
      ok: false,
      message: "This connection was not started from this browser. Start again from the settings.",
    };
  if (!token.startsWith("mle_"))
    return { ok: false, message: "The server did not send an extension token. Nothing was saved." };
  return { ok: true, token };
}

export async function fetchSession(
  server: { url: string; token: string },
  fetchFn: typeof fetch = fetch,
): Promise<ServerSession> {
  const response = await fetchFn(new URL("/app/session", server.url), {
    headers: { authorization: `Bearer ${server.token}` },
  });
  if (response.status === 401)
    throw new Error("The server no longer accepts this connection. Connect again.");
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  return SessionSchema.parse(await response.json());
}
