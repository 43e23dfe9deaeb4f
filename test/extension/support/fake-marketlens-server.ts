/**
 * The server side of the extension connection, as the dashboard issue specifies it: `/dashboard/connect`
 * (here approved at once) redirects to `redirect_uri#token=mle_…&state=…`; `/app/session` and
 * `/app/translate` take `Authorization: Bearer <token>`. Records what the extension sent.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeMarketlensServer {
  origin: string;
  token: string;
  seen: Array<{
    path: string;
    authorization: string | undefined;
    headers: Record<string, unknown>;
    body: string;
  }>;
  close(): Promise<void>;
}

export async function startFakeMarketlensServer(): Promise<FakeMarketlensServer> {
  const token = `mle_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const seen: FakeMarketlensServer["seen"] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let body = "";
    for await (const chunk of req) body += chunk;
    seen.push({ path: url.pathname, authorization: req.headers.authorization, headers: req.headers, body });
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "authorization, content-type",
    };
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors).end();
      return;
    }
    if (url.pathname === "/dashboard/connect") {
      const redirect = url.searchParams.get("redirect_uri") ?? "";
      const state = url.searchParams.get("state") ?? "";
      res.writeHead(302, { location: `${redirect}#token=${token}&state=${state}` }).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { "content-type": "application/json", ...cors });
      res.end(JSON.stringify({ success: false, error: { code: "UNAUTHORIZED", message: "bad token" } }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json", ...cors });
    if (url.pathname === "/app/session")
      res.end(JSON.stringify({ accountId: "acc_1", email: "shopper@example.com", balance: 12.5 }));
    else if (url.pathname === "/app/translate") {
      const { texts } = JSON.parse(body) as { texts: string[] };
      res.end(
        JSON.stringify({
          results: texts.map((t) => ({
            text: `SERVER ${t.length}`,
            status: "translated",
            provider: "papago",
          })),
        }),
      );
    } else res.end("{}");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}
