import http from "node:http";
import https from "node:https";
import { GatewayError } from "../../../src/contract/errors.ts";
import { type RawAnswer, type Transport, TransportFault } from "./upstream.ts";

/**
 * The default transport of the marketplace adapters: node:http(s) with keep-alive agents, plain header
 * objects and the body gathered as Buffers. Every gateway call makes at least one upstream call, so this
 * hop is kept cheap: no web streams, no Headers objects, no Response wrapping (each of those costs tens
 * of microseconds a call here). The signal aborts the request at any point, destroying the socket so the
 * marketplace sees it closed; a connection lost mid-body surfaces as a read fault.
 */

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 }),
};

export const nodeTransport: Transport = (request, signal, maxBodyBytes) =>
  new Promise<RawAnswer>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const secure = request.url.startsWith("https:");
    const headers =
      request.body === undefined
        ? request.headers
        : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) };
    let phase: "connect" | "read" = "connect";
    // Destroying a stream emits its own events synchronously; the first outcome is the one that counts.
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      reject(signal.aborted ? signal.reason : error);
    };
    const outgoing = (secure ? https : http).request(request.url, {
      method: request.method,
      headers,
      agent: secure ? agents.https : agents.http,
    });
    const onAbort = () => {
      fail(signal.reason);
      outgoing.destroy();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    outgoing.once("error", (error: NodeJS.ErrnoException) =>
      fail(new TransportFault(phase, error.code, error)),
    );
    outgoing.once("response", (incoming) => {
      phase = "read";
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) {
          fail(new GatewayError("UPSTREAM_ERROR", `the answer is larger than ${maxBodyBytes} bytes`));
          outgoing.destroy();
          return;
        }
        chunks.push(chunk);
      });
      incoming.once("aborted", () => fail(new TransportFault("read", "ECONNRESET")));
      incoming.once("error", (error: NodeJS.ErrnoException) =>
        fail(new TransportFault("read", error.code, error)),
      );
      incoming.once("end", () => {
        if (!incoming.complete) return fail(new TransportFault("read", "ECONNRESET"));
        if (settled) return;
        settled = true;
        signal.removeEventListener("abort", onAbort);
        const rawHeaders = incoming.headers;
        resolve({
          status: incoming.statusCode ?? 502,
          headers: { get: (name) => headerValue(rawHeaders[name.toLowerCase()]) },
          body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
        });
      });
    });
    outgoing.end(request.body);
  });

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
