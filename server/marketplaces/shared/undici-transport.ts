import type { Agent, Dispatcher } from "undici";
import { GatewayError } from "../../../src/contract/errors.ts";
import type { HeaderLookup, RawAnswer, Transport } from "./upstream.ts";
import { TransportFault } from "./upstream.ts";

/**
 * The default transport of the marketplace adapters: undici's keep-alive connection pools driven through
 * `dispatch` with a handler, the body gathered as Buffers. Every gateway call makes at least one upstream
 * call, so this hop is kept cheap: node:http's ClientRequest and IncomingMessage (streams, events, header
 * objects) cost about twice as much CPU a call, and fetch more again (web streams, Headers, Response).
 * The signal aborts the request at any point, closing the socket so the marketplace sees it closed; a
 * fault before the answer's headers is a connect fault, one after them a read fault (a connection lost
 * mid-body, a body shorter than its content-length).
 */

let agent: Agent | undefined;
let loading: Promise<Agent> | undefined;

/**
 * undici is a large package (a quarter of a start's module loading): it loads on the first upstream call,
 * or earlier through this, which the server calls once it listens (issue 16 item 11).
 */
export function loadUndiciAgent(): Promise<Agent> {
  loading ??= import("undici").then(({ Agent }) => {
    agent = new Agent({ connections: 256 });
    return agent;
  });
  return loading;
}

export const undiciTransport: Transport = (request, signal, maxBodyBytes) =>
  agent
    ? dispatch(agent, request, signal, maxBodyBytes)
    : loadUndiciAgent().then((loaded) => dispatch(loaded, request, signal, maxBodyBytes));

function dispatch(
  agent: Agent,
  ...[request, signal, maxBodyBytes]: Parameters<Transport>
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const split = ORIGIN_AND_PATH.exec(request.url);
    if (!split) {
      reject(new TransportFault("connect", "ERR_INVALID_URL"));
      return;
    }
    const gather = new Gather(signal, maxBodyBytes, resolve, reject);
    signal.addEventListener("abort", gather, { once: true });
    agent.dispatch(
      {
        origin: split[1]!,
        path: split[2] || "/",
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body ?? null,
      },
      gather,
    );
  });
}

/** scheme://authority, then the path and query (a fragment never reaches the wire). */
const ORIGIN_AND_PATH = /^(https?:\/\/[^/?#]+)([^#]*)/i;

/** One request's handler and abort listener (a class rather than closures: one is made on every call). */
class Gather implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private started = false;
  private settled = false;
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly signal: AbortSignal,
    private readonly maxBodyBytes: number,
    private readonly resolve: (answer: RawAnswer) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  /** The caller's signal fired (a deadline, or the caller went away). */
  handleEvent(): void {
    this.fail(this.signal.reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.settled) controller.abort(asError(this.signal.reason));
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.started = true;
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.size += chunk.length;
    if (this.size > this.maxBodyBytes) {
      this.fail(new GatewayError("UPSTREAM_ERROR", `the answer is larger than ${this.maxBodyBytes} bytes`));
      return;
    }
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    this.signal.removeEventListener("abort", this);
    const { chunks } = this;
    this.resolve({
      status: this.status,
      headers: new Lookup(this.headers),
      body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.size),
    });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const code = (error as { code?: string }).code;
    this.fail(new TransportFault(this.started ? "read" : "connect", socketCode(error) ?? code, error));
  }

  /** The first outcome counts; the request is aborted so its socket is closed, never reused. */
  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.signal.removeEventListener("abort", this);
    this.reject(this.signal.aborted ? this.signal.reason : error);
    this.controller?.abort(asError(error));
  }
}

class Lookup implements HeaderLookup {
  constructor(private readonly headers: Record<string, string | string[] | undefined>) {}

  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** undici reports a lost socket as UND_ERR_SOCKET with the system error (ECONNRESET...) as its cause. */
function socketCode(error: Error): string | undefined {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
}
