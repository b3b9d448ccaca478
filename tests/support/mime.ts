// Just enough MIME to read what nodemailer sends: headers with RFC 2047 words, multipart
// bodies, base64 and quoted-printable parts in any charset TextDecoder knows.

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  messageId: string;
  text: string;
  html: string;
}

/** `raw` is the message as a latin1 string: one char per byte. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts: Record<string, string> = {};
  collectParts(headers, body, parts);
  return {
    headers,
    subject: headers.get("subject") ?? "",
    from: headers.get("from") ?? "",
    to: headers.get("to") ?? "",
    messageId: headers.get("message-id") ?? "",
    text: parts["text/plain"] ?? "",
    html: parts["text/html"] ?? "",
  };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(i + 1).trim()));
  }
  return { headers, body };
}

function param(value: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

function collectParts(headers: Map<string, string>, body: string, out: Record<string, string>): void {
  const contentType = headers.get("content-type") ?? "text/plain; charset=us-ascii";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = param(contentType, "boundary");
    if (!boundary) return;
    const sections = body.split(new RegExp(`\\r?\\n?--${escapeRegExp(boundary)}(?:--)?[ \\t]*\\r?\\n?`));
    for (const section of sections.slice(1)) {
      if (!section.trim()) continue;
      const child = splitEntity(section);
      collectParts(child.headers, child.body, out);
    }
    return;
  }
  if (out[type] !== undefined) return;
  const bytes = decodeTransfer(body, headers.get("content-transfer-encoding") ?? "7bit");
  out[type] = new TextDecoder(param(contentType, "charset") ?? "utf-8").decode(bytes);
}

function decodeTransfer(body: string, encoding: string): Uint8Array {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    case "quoted-printable":
      return qpBytes(body.replace(/=\r?\n/g, ""));
    default:
      return Buffer.from(body, "latin1");
  }
}

function qpBytes(s: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s[i] === "=" ? s.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      out.push(s.charCodeAt(i) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** RFC 2047: adjacent encoded words join byte-wise (a character may be split between them). */
export function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let result = "";
  let last = 0;
  let pending: { charset: string; bytes: number[] } | undefined;
  const flush = () => {
    if (pending) result += new TextDecoder(pending.charset).decode(Uint8Array.from(pending.bytes));
    pending = undefined;
  };
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    if (!(pending && /^\s*$/.test(between))) {
      flush();
      result += latin1ToUtf8(between);
    }
    const charset = m[1]!.split("*")[0]!.toLowerCase();
    const bytes =
      m[2]!.toUpperCase() === "B"
        ? [...Buffer.from(m[3]!, "base64")]
        : [...qpBytes(m[3]!.replace(/_/g, " "))];
    if (pending && pending.charset !== charset) flush();
    pending ??= { charset, bytes: [] };
    pending.bytes.push(...bytes);
    last = m.index + m[0].length;
  }
  flush();
  return result + latin1ToUtf8(value.slice(last));
}

// Raw 8-bit header bytes (SMTPUTF8) were read as latin1; read them again as UTF-8.
function latin1ToUtf8(s: string): string {
  return /[\x80-\xff]/.test(s) ? Buffer.from(s, "latin1").toString("utf8") : s;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
