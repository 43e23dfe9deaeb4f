import type { Logger } from "../platform/logger.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where the dashboard's mail goes (password reset links). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** No mail server here: the message is written to the server log, where the operator finds the link. */
export function logMailer(logger: Logger): Mailer {
  return {
    async send(mail) {
      logger.info("mail (MAIL_TRANSPORT=log)", { to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * The real path: a transactional mail service's HTTP API (Postmark, Resend, Mailgun and the like take a
 * JSON POST with a bearer token). MAIL_HTTP_URL receives `{from, to, subject, text}`.
 */
export function httpMailer(options: { url: string; token?: string; from: string }): Mailer {
  return {
    async send(mail) {
      const response = await fetch(options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ from: options.from, ...mail }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`mail service answered ${response.status}`);
    },
  };
}
