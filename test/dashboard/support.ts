import type { TestApp } from "../support/test-app.ts";

export const ORIGIN = "http://localhost";

/** A browser's view of the dashboard API through app.request: one cookie jar, the CSRF token in memory. */
export class DashboardClient {
  cookie = "";
  csrf = "";
  lastSetCookie = "";

  constructor(private readonly t: TestApp) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const res = await this.t.request(`/dashboard/api${path}`, {
      method,
      headers: {
        origin: ORIGIN,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrf && method !== "GET" ? { "x-csrf-token": this.csrf } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const setCookie = res.headers.get("set-cookie");
    if (setCookie) {
      this.lastSetCookie = setCookie;
      const pair = setCookie.split(";")[0]!;
      this.cookie = pair.endsWith("=") ? "" : pair;
    }
    return res;
  }

  async signUp(
    email = randomEmail(),
    password = "correct horse battery",
  ): Promise<{ accountId: string; email: string }> {
    const res = await this.call("POST", "/signup", { email, password });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { accountId: string; csrfToken: string };
    this.csrf = body.csrfToken;
    return { accountId: body.accountId, email };
  }

  async createKey(name = "test key"): Promise<{ keyId: string; key: string }> {
    const res = await this.call("POST", "/keys", { name });
    if (res.status !== 201) throw new Error(`create key: ${res.status} ${await res.text()}`);
    return (await res.json()) as { keyId: string; key: string };
  }
}

export const randomEmail = () => `u${Math.random().toString(36).slice(2)}@example.com`;
