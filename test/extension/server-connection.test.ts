/** The extension side of the dashboard connection: the connect URL, and what a redirect may carry. */
import { describe, expect, it } from "vitest";
import { connectUrl, normaliseServerUrl, readRedirect } from "../../src/extension/server-connection.ts";

const pending = { url: "https://lens.example", state: "0123456789abcdef0123456789abcdef" };

describe("server connection", () => {
  it("opens /dashboard/connect with the redirect URI, state and device name", () => {
    const url = new URL(
      connectUrl("https://lens.example", "chrome-extension://abc/connect.html", pending.state, "Chrome"),
    );
    expect(url.pathname).toBe("/dashboard/connect");
    expect(url.searchParams.get("redirect_uri")).toBe("chrome-extension://abc/connect.html");
    expect(url.searchParams.get("state")).toBe(pending.state);
    expect(url.searchParams.get("name")).toBe("Chrome");
  });

  it("accepts an extension token with the state it sent, and nothing else", () => {
    expect(readRedirect(`#token=mle_abc&state=${pending.state}`, pending)).toEqual({
      ok: true,
      token: "mle_abc",
    });
    expect(readRedirect("#token=mle_abc&state=forged", pending).ok).toBe(false);
    expect(readRedirect(`#token=mlk_live_key&state=${pending.state}`, pending).ok).toBe(false);
    expect(readRedirect(`#token=mle_abc&state=${pending.state}`, undefined).ok).toBe(false);
    expect(readRedirect(`#error=access_denied&state=${pending.state}`, pending)).toMatchObject({
      ok: false,
      message: expect.stringContaining("declined"),
    });
  });

  it("normalises the address the shopper typed", () => {
    expect(normaliseServerUrl("lens.example.com/")).toBe("https://lens.example.com");
    expect(normaliseServerUrl("http://127.0.0.1:8787/dashboard")).toBe("http://127.0.0.1:8787");
    expect(normaliseServerUrl("javascript:alert(1)")).toBeUndefined();
  });
});
