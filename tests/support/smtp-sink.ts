import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { type ParsedMail, parseMail } from "./mime";

// An SMTP server inside the test: accepts every message, keeps it, parsed.

export interface ReceivedMail extends ParsedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * `acceptDelayMs`: a slow server, answering each message only after this long; a message whose
 * sender hung up before the answer is not kept (the sender never heard it was accepted).
 */
export async function startSmtpSink(opts: { acceptDelayMs?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (opts.acceptDelayMs) await new Promise((r) => setTimeout(r, opts.acceptDelayMs));
        if (closed.has(session.id)) return callback(new Error("the client hung up"));
        const raw = Buffer.concat(chunks).toString("latin1");
        messages.push({
          ...parseMail(raw),
          raw,
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          done();
          resolve(found);
        };
        const timer = setTimeout(() => {
          done();
          const seen = messages.map((m) => `${m.envelopeTo.join(",")}: ${m.subject}`);
          reject(new Error(`no matching email within ${timeoutMs} ms; received: ${JSON.stringify(seen)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
