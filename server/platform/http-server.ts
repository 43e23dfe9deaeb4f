import type { Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serve } from "@hono/node-server";
import { ERROR_STATUS, GatewayError } from "../../src/contract/errors.ts";
import type { Config } from "../config.ts";
import { judgeAfterPendingInput } from "./connection-timeouts.ts";
import { newRequestId } from "./ids.ts";
import { ENVELOPE_SECURITY_HEADERS } from "./security-headers.ts";

/** Largest request line plus headers Node reads (its default); more answers 431 in the envelope. */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface Listening {
  server: Server;
  port: number;
}

/**
 * Listens with the HTTP limits of issue 16 items 3 and 9: headers must arrive within headersTimeoutMs
 * and the whole request within requestTimeoutMs (checked every second, not Node's default 30), and
 * whatever Node refuses before the app sees a request (a 100 KB URL, a bad Content-Length, both
 * Content-Length and Transfer-Encoding, a timeout) is answered in the spec's envelope instead of Node's
 * bare reply. The minimum body rate is enforced where bodies are read (platform/body.ts).
 */
export async function listen(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  options: { port: number; hostname: string; http: Config["http"] },
): Promise<Listening> {
  const server = serve({
    fetch,
    port: options.port,
    hostname: options.hostname,
    serverOptions: {
      headersTimeout: options.http.headersTimeoutMs,
      requestTimeout: options.http.requestTimeoutMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      connectionsCheckingInterval: 1000,
    },
  }) as Server;
  judgeAfterPendingInput(server, answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/** Node's parser or timer refused the request: answer in the envelope (when nothing was sent yet) and close. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const failure = clientFailure(error);
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (failure && socket.writable && !pending?.headersSent) {
    const requestId = newRequestId();
    const body = JSON.stringify(failure.toBody(requestId));
    const headers: Record<string, string> = {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
      "x-service-request-id": requestId,
      ...ENVELOPE_SECURITY_HEADERS,
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.end(
      `HTTP/1.1 ${failure.status} ${REASONS[failure.status] ?? "Bad Request"}\r\n${head}\r\n${body}`,
    );
  }
  socket.destroy();
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  413: "Payload Too Large",
  431: "Request Header Fields Too Large",
};

/** What each refusal means to the caller; undefined for a connection that is already gone. */
function clientFailure(error: Error & { code?: string }): GatewayError | undefined {
  const code = error.code ?? "";
  if (code === "ECONNRESET" || code === "EPIPE") return undefined;
  if (code === "HPE_HEADER_OVERFLOW") {
    return new GatewayError(
      "BAD_REQUEST",
      `The request line and headers are larger than ${MAX_HEADER_BYTES / 1024} KB. Send long parameters in a POST body (JSON) instead of the URL.`,
      { status: 431 },
    );
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT" || code === "ERR_HTTP_HEADERS_TIMEOUT") {
    return new GatewayError(
      "BAD_REQUEST",
      "The request did not arrive in time (its headers, or the whole request, came too slowly).",
      { status: 408 },
    );
  }
  if (code === "HPE_UNEXPECTED_CONTENT_LENGTH") {
    return new GatewayError(
      "BAD_REQUEST",
      "The request has both Content-Length and Transfer-Encoding; send one of them.",
    );
  }
  if (code === "HPE_INVALID_CONTENT_LENGTH") {
    return new GatewayError("BAD_REQUEST", "The Content-Length header is not a single non-negative number.");
  }
  return new GatewayError(
    "BAD_REQUEST",
    `The request is not valid HTTP/1.1 (${code.startsWith("HPE_") ? code.slice(4).toLowerCase().replaceAll("_", " ") : "unreadable"}).`,
    { status: ERROR_STATUS.BAD_REQUEST },
  );
}
