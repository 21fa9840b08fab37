import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";

import nodemailer from "nodemailer";

import { makeOwnerOnlyDirectory } from "./owner-only-files.server";

// Where mail goes (docs/accounts.md#mail): SMTP_URL, or an .eml file a mail, the very message SMTP would carry.

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Resolves once the message is handed over (the SMTP server accepted it, or the file is written). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer: a TCP connection per message, so a mail server that restarts costs nothing. */
export function smtpTransport(url: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** Each message as `<time>-<random>.eml` in `dir`, the owner's alone: a link in a mail signs its follower in. */
export function fileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      makeOwnerOnlyDirectory(dir);
      const { message: raw } = (await composer.sendMail(message)) as { message: Buffer };
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      writeFileSync(path.join(dir, name), raw, { mode: 0o600, flag: "wx" });
    },
    close: () => composer.close(),
  };
}
