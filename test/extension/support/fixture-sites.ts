/**
 * Local stand-ins for marketplace product pages: a page origin (Taobao-, Rakuten- and Amazon-style pages)
 * and a second "CDN" origin serving their images, which refuses any request whose Referer is not the page
 * origin (as alicdn and others do). Both listen on 127.0.0.1, port 0. Every request is recorded.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FixtureImage {
  bytes: Uint8Array;
  type: string;
}

export interface FixtureSites {
  pageOrigin: string;
  cdnOrigin: string;
  /** Every request either server saw: method, URL, referer. */
  requests: Array<{ url: string; referer: string | undefined }>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startFixtureSites(
  pages: (cdn: string) => Record<string, string>,
  images: Record<string, FixtureImage>,
): Promise<FixtureSites> {
  const requests: FixtureSites["requests"] = [];
  const record = (req: IncomingMessage, origin: string) =>
    requests.push({ url: `${origin}${req.url}`, referer: req.headers.referer });
  let pageOrigin = "";
  let cdnOrigin = "";
  let pageMap: Record<string, string> = {};
  const pageServer = createServer((req, res) => {
    record(req, pageOrigin);
    const html = pageMap[new URL(req.url ?? "/", pageOrigin).pathname];
    if (html === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
  });
  const cdnServer = createServer((req, res) => {
    record(req, cdnOrigin);
    const referer = req.headers.referer ?? "";
    if (!referer.startsWith(`${pageOrigin}/`)) {
      res.writeHead(403, { "content-type": "text/plain" }).end("hotlinking is not allowed");
      return;
    }
    const image = images[decodeURIComponent(new URL(req.url ?? "/", cdnOrigin).pathname)];
    if (!image) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, {
        "content-type": image.type,
        "content-length": image.bytes.length,
        "cache-control": "no-store",
      })
      .end(image.bytes);
  });
  pageOrigin = await listen(pageServer);
  cdnOrigin = await listen(cdnServer);
  pageMap = pages(cdnOrigin);
  return {
    pageOrigin,
    cdnOrigin,
    requests,
    async close() {
      pageServer.closeAllConnections();
      cdnServer.closeAllConnections();
      await Promise.all([
        new Promise((ok) => pageServer.close(ok)),
        new Promise((ok) => cdnServer.close(ok)),
      ]);
    },
  };
}
