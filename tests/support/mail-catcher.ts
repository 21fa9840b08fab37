import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the tests (npm's smtp-server), which keeps every message it accepts,
 * parsed (mailparser): the shop sends to it as to any mail server (SMTP_URL=smtp://127.0.0.1:<port>).
 *
 * In process:   const catcher = await startMailCatcher(); ... catcher.messagesTo(email) ... await catcher.stop();
 * As a program: tsx tests/support/mail-catcher.ts <smtp port> <http port>   (the e2e suite's second web server)
 *   GET /messages?to=<email>  the messages to that address, oldest first, as JSON { to, subject, text, html }
 *   GET /healthz              200 once both ports listen
 */

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The raw message as it came over SMTP. */
  raw: string;
}

export interface MailCatcher {
  port: number;
  url: string;
  messages: CaughtMail[];
  messagesTo(email: string): CaughtMail[];
  /** Resolves with the messages to `email` once there are at least `count`, or rejects after `timeoutMs`. */
  waitFor(email: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /** Each message takes this long to accept (a slow server, so two senders overlap). */
  setDelay(ms: number): void;
  stop(): Promise<void>;
}

/** The first http(s) link in a message's plain-text part (every mail of ours writes its link out in full). */
export function linkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
  return link;
}

export async function startMailCatcher(options: { port?: number; host?: string } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        void simpleParser(raw).then(
          (parsed) => {
            const to = session.envelope.rcptTo.map((r) => r.address).join(", ");
            messages.push({
              to,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              raw,
            });
            setTimeout(() => callback(), delayMs);
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const messagesTo = (email: string) => messages.filter((m) => m.to.toLowerCase() === email.toLowerCase());
  return {
    port,
    url: `smtp://${host}:${port}`,
    messages,
    messagesTo,
    async waitFor(email, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messagesTo(email).length < count) {
        if (Date.now() > deadline) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messagesTo(email);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The catcher's messages over HTTP, for a test runner in another process (Playwright's). */
function serveMessages(catcher: MailCatcher, port: number): Promise<HttpServer> {
  const http = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/healthz") return res.end("ok");
    if (url.pathname !== "/messages") return res.writeHead(404).end();
    const to = url.searchParams.get("to") ?? "";
    const found = to ? catcher.messagesTo(to) : catcher.messages;
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(found.map(({ raw: _raw, ...mail }) => mail)));
  });
  return new Promise((resolve) => http.listen(port, "127.0.0.1", () => resolve(http)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
  const catcher = await startMailCatcher({ port: smtpPort });
  await serveMessages(catcher, httpPort ?? catcher.port + 1);
  console.log(`mail catcher: SMTP on ${catcher.port}, messages on http://127.0.0.1:${httpPort}/messages`);
}
