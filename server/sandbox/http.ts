import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Marketplace } from "../../src/contract/marketplace.ts";
import type { FaultController } from "./faults.ts";
import type { FaultKind } from "./options.ts";

/**
 * One loopback HTTP server per sandbox marketplace. Requests go through the fault layer at the socket
 * level (so a truncated body or a dropped connection is as real as a network's), then to the dialect,
 * a Web-standard fetch handler (a Hono app) that speaks the marketplace's own API.
 */

export interface Dialect {
  marketplace: Marketplace;
  /** Path under the origin where the API lives (Walmart's /api-proxy/...); the adapter's base URL ends with it. */
  basePath?: string;
  handle(request: Request): Promise<Response>;
  /** The marketplace's own answer for an injected error, throttle or expired-credentials fault. */
  fault(kind: "error" | "throttle" | "token-expired", status: number): Response;
  /** Whether a path is one of the marketplace's web pages (server/sandbox/pages), never faulted. */
  isPage?(path: string): boolean;
}

export interface DialectServer {
  url: string;
  close(): Promise<void>;
}

const GARBAGE =
  "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>";

export async function serveDialect(
  dialect: Dialect,
  faults: FaultController,
  host: string,
  onListen?: (url: string) => void,
): Promise<DialectServer> {
  const held = new Set<ServerResponse>();
  const sleeping = new Set<() => void>();
  const stats = faults.stats(dialect.marketplace);

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end('{"errors":[{"message":"sandbox failure"}]}');
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let gone = false;
    res.on("close", () => {
      held.delete(res);
      gone = true;
      if (!res.writableFinished) stats.aborted++;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
    }
    stats.last = { method: req.method ?? "GET", url: req.url ?? "/", headers, body: body.toString("utf8") };
    stats.recent.push(stats.last);
    if (stats.recent.length > 100) stats.recent.shift();

    // A request its client already gave up on draws no fault (it would land on a later request).
    if (gone) return;
    // Images and pages are static, never faulted: a demo page must be able to show them.
    const isStatic = req.url?.startsWith("/img/") || dialect.isPage?.(req.url ?? "");
    const drawn = isStatic ? undefined : faults.next(dialect.marketplace);
    const fault: FaultKind | undefined = drawn?.kind;
    if (fault === "refuse") {
      req.socket.destroy();
      return;
    }
    if (fault === "timeout") {
      held.add(res);
      return;
    }
    if (fault === "slow") {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, faults.slowMs);
        function done() {
          clearTimeout(timer);
          sleeping.delete(done);
          resolve();
        }
        sleeping.add(done);
        res.on("close", done);
      });
      if (res.destroyed) return;
    }

    let response: Response;
    if (fault === "error")
      response = dialect.fault("error", drawn?.status ?? faults.pick([500, 502, 503, 504]));
    else if (fault === "throttle") response = dialect.fault("throttle", 429);
    else if (fault === "token-expired") response = dialect.fault("token-expired", 401);
    else if (fault === "garbage")
      response = new Response(GARBAGE, { status: 200, headers: { "content-type": "text/html" } });
    else {
      const url = `http://${req.headers.host ?? host}${req.url ?? "/"}`;
      const method = req.method ?? "GET";
      response = await dialect.handle(
        new Request(url, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : body }),
      );
    }
    if (res.destroyed) return;
    const bytes = Buffer.from(await response.arrayBuffer());
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "transfer-encoding") out[name] = value;
    });
    out["content-length"] = String(bytes.length);
    res.writeHead(response.status, out);
    if (fault === "truncate" && bytes.length > 1) {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
      return;
    }
    res.end(bytes);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  onListen?.(url);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of sleeping) wake();
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
