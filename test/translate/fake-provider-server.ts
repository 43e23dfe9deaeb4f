/**
 * A local HTTP server that answers like Papago, DeepL, Google Cloud Translation v3 and an OpenAI-compatible
 * endpoint, with their documented request, response and error shapes. Tests script what it answers next
 * (success, error, rate limit, hang) and read what it received. It listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

/** What to answer: a status, a JSON body, headers; `hang` never answers (for timeouts). */
export interface Scripted {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  hang?: boolean;
}

type Translate = (text: string, target: string) => string;

/**
 * A stand-in translation: tags the text with the target and spells non-ASCII characters as code points, so
 * the answer is in Latin script (coherent in any target) and tests can still see what was sent where.
 */
export const fakeTranslate: Translate = (text, target) =>
  `[${target}] ${[...text].map((c) => (c.charCodeAt(0) < 128 ? c : `u${c.codePointAt(0)?.toString(16)}`)).join("")}`;

export class FakeProviderServer {
  readonly received: Received[] = [];
  private readonly queue: Scripted[] = [];
  private server: Server | undefined;
  baseUrl = "";

  /** Answers queued here come before the normal successful answer, one per request. */
  next(...answers: Scripted[]): void {
    this.queue.push(...answers);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  reset(): void {
    this.received.length = 0;
    this.queue.length = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const path = req.url ?? "";
    // A request its client already gave up on must not take the answer scripted for the next one.
    if (req.socket.destroyed) return;
    this.received.push({ method: req.method ?? "", path, headers: req.headers, body });
    const scripted = this.queue.shift() ?? this.success(path, body as Record<string, unknown>);
    if (scripted.hang) return; // never answers; the client's timeout must end it
    res.writeHead(scripted.status, { "content-type": "application/json", ...scripted.headers });
    res.end(scripted.raw ?? JSON.stringify(scripted.body));
  }

  /** The provider's normal answer for the request it received. */
  private success(path: string, body: Record<string, unknown>): Scripted {
    if (path.endsWith("/nmt/v1/translation")) {
      return {
        status: 200,
        body: {
          message: {
            "@type": "response",
            "@service": "naverservice.nmt.proxy",
            "@version": "1.0.0",
            result: {
              srcLangType: body.source,
              tarLangType: body.target,
              translatedText: fakeTranslate(String(body.text), String(body.target)),
            },
          },
        },
      };
    }
    if (path.endsWith("/v2/translate")) {
      const texts = body.text as string[];
      return {
        status: 200,
        body: {
          translations: texts.map((t) => ({
            detected_source_language: body.source_lang,
            text: fakeTranslate(t, String(body.target_lang)),
          })),
        },
      };
    }
    if (path.includes(":translateText")) {
      const texts = body.contents as string[];
      return {
        status: 200,
        body: {
          translations: texts.map((t) => ({
            translatedText: fakeTranslate(t, String(body.targetLanguageCode)),
          })),
        },
      };
    }
    if (path.endsWith("/chat/completions")) {
      const messages = body.messages as Array<{ role: string; content: string }>;
      const { texts } = JSON.parse(messages.at(-1)?.content ?? "{}") as { texts: string[] };
      const target = /into ([A-Za-z ()]+?)\./.exec(messages[0]?.content ?? "")?.[1] ?? "?";
      return {
        status: 200,
        body: {
          id: "chatcmpl-test",
          object: "chat.completion",
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: "stop",
              message: {
                role: "assistant",
                content: JSON.stringify({ translations: texts.map((t) => fakeTranslate(t, target)) }),
              },
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        },
      };
    }
    return { status: 404, body: { error: "not found" } };
  }
}

// Error bodies as each provider documents them.
export const PAPAGO_AUTH_FAILED: Scripted = {
  status: 401,
  body: {
    error: {
      errorCode: "200",
      message: "Authentication Failed",
      details: "Invalid authentication information.",
    },
  },
};
export const PAPAGO_QUOTA: Scripted = {
  status: 429,
  body: { error: { errorCode: "400", message: "Quota Exceeded", details: "Quota Exceeded." } },
};
export const PAPAGO_UNSUPPORTED_TARGET: Scripted = {
  status: 400,
  body: {
    errorMessage: "Unsupported target language",
    errorCode: "N2MT05",
    error: { errorCode: "N2MT05", message: "target is not supported." },
  },
};
export const DEEPL_TOO_MANY: Scripted = {
  status: 429,
  body: { message: "Too many requests" },
  headers: { "retry-after": "1" },
};
export const DEEPL_QUOTA: Scripted = { status: 456, body: { message: "Quota exceeded" } };
export const DEEPL_FORBIDDEN: Scripted = {
  status: 403,
  body: { message: "Wrong endpoint. Use https://api-free.deepl.com" },
};
export const GOOGLE_EXHAUSTED: Scripted = {
  status: 429,
  body: {
    error: {
      code: 429,
      message: "Quota exceeded for quota metric 'v3 general model characters'.",
      status: "RESOURCE_EXHAUSTED",
    },
  },
};
export const GOOGLE_UNAUTHENTICATED: Scripted = {
  status: 401,
  body: {
    error: {
      code: 401,
      message: "Request had invalid authentication credentials.",
      status: "UNAUTHENTICATED",
    },
  },
};
export const OPENAI_RATE_LIMIT: Scripted = {
  status: 429,
  body: {
    error: {
      message: "Rate limit reached for requests",
      type: "requests",
      param: null,
      code: "rate_limit_exceeded",
    },
  },
  headers: { "retry-after": "0" },
};
export const OPENAI_NO_QUOTA: Scripted = {
  status: 429,
  body: {
    error: {
      message: "You exceeded your current quota",
      type: "insufficient_quota",
      param: null,
      code: "insufficient_quota",
    },
  },
};
export const SERVER_ERROR: Scripted = {
  status: 503,
  raw: "<html>Service Unavailable</html>",
  headers: { "content-type": "text/html" },
};
