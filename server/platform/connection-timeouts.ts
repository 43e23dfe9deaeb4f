import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";

/**
 * Node checks the headers and request timeouts every second (connectionsCheckingInterval) from a timer,
 * measured from when the connection was accepted or its request began; after the event loop was held up
 * (a warm-up, a long synchronous task), that timer runs before the loop reads what arrived meanwhile. So
 * a client whose whole request was already waiting on the socket was judged slow for the server's own
 * stall: answered 408 and the socket destroyed with the request unread, which the client saw as
 * ECONNRESET (the resets of the two-process tests under load). Here the verdict waits one turn of the
 * loop, until the waiting input has been read: a connection on which a request arrived meanwhile is
 * served; otherwise it is answered and closed as before, so a slow client is still cut off in bounded time.
 */
export function judgeAfterPendingInput(
  server: Server,
  answerClientError: (error: Error & { code?: string }, socket: Socket) => void,
): void {
  const requestsSeen = new WeakMap<Socket, number>();
  const requestsOn = (socket: Socket) => requestsSeen.get(socket) ?? 0;
  server.on("request", (request: IncomingMessage) => {
    requestsSeen.set(request.socket, requestsOn(request.socket) + 1);
  });

  server.on("clientError", (error: Error & { code?: string }, socket: Socket) => {
    if (error.code !== "ERR_HTTP_REQUEST_TIMEOUT" && error.code !== "ERR_HTTP_HEADERS_TIMEOUT") {
      answerClientError(error, socket);
      return;
    }
    const requests = requestsOn(socket);
    setImmediate(() => {
      // A whole request was waiting behind the stall and is being served now: not a slow client.
      if (requestsOn(socket) > requests) return;
      answerClientError(error, socket);
    });
  });
}
