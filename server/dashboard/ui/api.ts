/** The dashboard's calls to its own API; the CSRF token lives in memory only (never in storage). */
let csrfToken = "";

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  if (method !== "GET") headers["x-csrf-token"] = csrfToken;
  const response = await fetch(`/dashboard/api${path}`, {
    method,
    headers,
    body: payload,
    credentials: "same-origin",
  });
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as
    | (T & { success?: false; error?: { code: string; message: string } })
    | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      data?.error?.code ?? "ERROR",
      data?.error?.message ?? `The server answered ${response.status}.`,
    );
  }
  return data as T;
}

export interface Session {
  accountId: string;
  email: string;
  csrfToken: string;
}
