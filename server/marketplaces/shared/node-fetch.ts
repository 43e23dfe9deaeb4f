import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import type { FetchLike } from "./upstream.ts";

/**
 * The default transport of the marketplace adapters: node:http(s) with keep-alive agents behind the
 * Fetch signature the adapters use (so tests still inject any fetch). Node's built-in fetch costs
 * noticeably more CPU per call, and every gateway call makes at least one upstream call; this keeps
 * the hop cheap. The body streams as it arrives, so a cut connection still surfaces while reading
 * (UPSTREAM_READ_FAILED), and the signal aborts the request at any point.
 */

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
};

export const nodeFetch: FetchLike = (input, init = {}) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const secure = url.protocol === "https:";
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== "string") {
      reject(new TypeError("nodeFetch sends string bodies only"));
      return;
    }
    if (body !== undefined && body !== null) headers["content-length"] = String(Buffer.byteLength(body));
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = (secure ? https : http).request(url, {
      method: init.method ?? "GET",
      headers,
      agent: secure ? agents.https : agents.http,
      ...(signal ? { signal } : {}),
    });
    request.once("error", reject);
    request.once("response", (response) => {
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, v);
      }
      const status = response.statusCode ?? 502;
      // A bodyless status cannot carry a stream; everything else streams through.
      const empty = status === 204 || status === 304 || init.method === "HEAD";
      if (empty) response.resume();
      resolve(
        new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
          status,
          statusText: response.statusMessage ?? "",
          headers: responseHeaders,
        }),
      );
    });
    request.end(body ?? undefined);
  });
