import nodemailer from "nodemailer";

/** What the relay needs from a mail transport; nodemailer's transporter has this shape. */
export interface MailTransport {
  sendMail(message: OutgoingMail): Promise<{ messageId?: string }>;
  close?(): void;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Fixed per outbox row, so a receiver can drop a resend after a crash between send and commit. */
  messageId: string;
  headers?: Record<string, string>;
}

/**
 * An SMTP transport from SMTP_URL (smtp://user:pass@host:587 or smtps://…:465).
 * The relay renews its claim on a row while a send runs, so these bound only a dead connection.
 */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 45_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    sendMail: (message) => transporter.sendMail(message),
    close: () => transporter.close(),
  };
}
