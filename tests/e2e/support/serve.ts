// The e2e web server: an SMTP sink that files every email as JSON under E2E_MAIL_DIR, then the
// real app (server.ts) sending to it, so browser tests follow real verification and reset links.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpSink } from "../../support/smtp-sink";

const mailDir = path.resolve(process.env.E2E_MAIL_DIR ?? "data/e2e-mail");
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

const sink = await startSmtpSink();
let n = 0;
const filed = new Set<unknown>();
setInterval(() => {
  for (const m of sink.messages) {
    if (filed.has(m)) continue;
    filed.add(m);
    n += 1;
    const { raw: _raw, ...mail } = m;
    // Written aside and renamed, so a reader never sees half a file.
    const file = path.join(mailDir, `${String(n).padStart(5, "0")}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(mail));
    renameSync(`${file}.tmp`, file);
  }
}, 100).unref();

process.env.SMTP_URL = sink.url;
await import("../../../server");
