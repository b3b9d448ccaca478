import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import * as zlib from "node:zlib";
import { ifNoneMatchHits } from "@/modules/files/files.service";
import { keptPageCsp } from "@/server/http/page-headers";

// How a kept public page is stored as bytes and sent (decision 0041). A copy served to many
// visitors, by this process or by a CDN, cannot carry a per-request nonce (it would be shared and
// predictable), so the kept HTML carries none: its nonce attributes are removed once when the page
// is kept, and its policy allows the page's own inline scripts by their SHA-256 instead, with
// 'strict-dynamic' as before (the scripts they add, Next's chunks, load as they did with the
// nonce). Every copy is then the same bytes: one body, one gzip member, one strong ETag, compressed
// once, and a CDN may keep it (`public, s-maxage`) for as long as this process would.

/** One kept page as it goes out. */
export interface KeptResponse {
  /** The HTML, UTF-8, with no nonce. */
  body: Buffer;
  /** The same bytes as one gzip member, compressed once. */
  gzip: Buffer;
  /** Strong validator of `body`; the gzip'd representation's is derived (see etagOf). */
  etag: string;
  /** The page policy with the hashes of the page's inline scripts. */
  csp: string;
  /** Next's headers of the render (content type, Vary…), without the server's own. */
  headers: OutgoingHttpHeaders;
}

/** The answer's freshness for shared caches, besides s-maxage: see decision 0041. */
export const STALE_WHILE_REVALIDATE_S = 60;
export const STALE_IF_ERROR_S = 300;

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=/i;
const NO_MODULE = /\bnomodule\b/i;
const TYPE = /\btype\s*=\s*["']?([^"'\s>]+)/i;
/** Script types a browser executes (an absent type is JavaScript too); others are data (JSON-LD). */
const EXECUTABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/**
 * The kept HTML and the `'sha256-…'` sources of its inline scripts, from the HTML as rendered with
 * the template nonce; undefined when a hash policy cannot run the page (a parser-inserted external
 * script: a hash allows inline code only, and without a nonce 'strict-dynamic' refuses it).
 */
export function withoutNonce(
  rendered: string,
  templateNonce: string,
): { html: string; hashes: string[] } | undefined {
  // The attribute on scripts and links, then any other copy (Next's flight data names the nonce
  // of the stylesheets it hoists): no trace of the template is sent.
  const html = rendered.replaceAll(` nonce="${templateNonce}"`, "").replaceAll(templateNonce, "");
  const hashes = new Set<string>();
  for (const [, attrs = "", code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (SRC.test(attrs)) {
      // noModule scripts never run in a browser that enforces 'strict-dynamic' (all support modules).
      if (NO_MODULE.test(attrs)) continue;
      return undefined;
    }
    const type = (TYPE.exec(attrs)?.[1] ?? "").toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${scriptHash(code)}'`);
  }
  return { html, hashes: [...hashes] };
}

/** CSP hash of an inline script's text: the browser hashes it after turning CR LF and CR into LF. */
export function scriptHash(code: string): string {
  return createHash("sha256").update(code.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
}

/** The response of a kept page, computed once when it is kept; undefined if it cannot be kept. */
export function keptResponseOf(
  rendered: string,
  templateNonce: string,
  headers: OutgoingHttpHeaders,
): KeptResponse | undefined {
  const page = withoutNonce(rendered, templateNonce);
  if (!page) return undefined;
  const body = Buffer.from(page.html);
  return {
    body,
    gzip: zlib.gzipSync(body),
    etag: `"${createHash("sha256").update(body).digest("base64url")}"`,
    csp: keptPageCsp(page.hashes),
    headers,
  };
}

/** What it takes in memory. */
export function bytesOf(r: KeptResponse): number {
  return r.body.length + r.gzip.length + r.csp.length;
}

/**
 * The gzip'd copy has a tag of its own: another byte sequence, so another strong validator
 * (RFC 9110 §8.8.3.3). It is derived from the body's: the same HTML always compresses the same.
 */
function etagOf(r: KeptResponse, gzip: boolean): string {
  return gzip ? `${r.etag.slice(0, -1)}-gzip"` : r.etag;
}

/**
 * Shared caches may keep the copy for what is left of this process's own lifetime for it
 * (`secondsLeft`), revalidate it in the background for a while after, and serve it while the
 * origin fails; browsers revalidate every time (max-age=0: a 304 when nothing changed).
 */
export function publicCacheControl(secondsLeft: number): string {
  if (secondsLeft <= 0) return "public, max-age=0, must-revalidate";
  return `public, max-age=0, s-maxage=${secondsLeft}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}, stale-if-error=${STALE_IF_ERROR_S}`;
}

/**
 * Sends a kept page: the same bytes to everyone (gzip'd when the client takes it), its hash
 * policy in place of the per-response nonce policy set before, public caching for `secondsLeft`,
 * and 304 to a client (or a CDN) that already holds these bytes. Not through the compression
 * middleware: compressing a 400 kB page anew took 10 ms of CPU per copy (brotli).
 */
export function sendKeptResponse(
  kept: KeptResponse,
  req: IncomingMessage,
  res: ServerResponse,
  secondsLeft: number,
  state = "HIT",
): void {
  for (const [name, value] of Object.entries(kept.headers))
    if (value !== undefined) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", state);
  res.setHeader("Content-Security-Policy", kept.csp);
  res.setHeader("Cache-Control", publicCacheControl(secondsLeft));
  // The copy is the signed-out one: a signed-in request (its Cookie) would be answered another
  // page, and a gzip'd one is another representation. Next's own (rsc, router state) stay.
  res.setHeader("Vary", withVary(String(res.getHeader("vary") ?? ""), ["Cookie", "Accept-Encoding"]));
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const etag = etagOf(kept, gzip);
  res.setHeader("ETag", etag);
  if (ifNoneMatchHits(req.headers["if-none-match"], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  const body = gzip ? kept.gzip : kept.body;
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

function withVary(vary: string, names: string[]): string {
  const have = new Set(
    vary
      .split(",")
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );
  const added = names.filter((n) => !have.has(n.toLowerCase()));
  return [vary.trim(), ...added].filter(Boolean).join(", ");
}

/** Whether Accept-Encoding allows gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return false;
  return value.split(",").some((entry) => {
    const [coding = "", ...params] = entry.split(";").map((x) => x.trim().toLowerCase());
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}
