import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { StringDecoder } from "node:string_decoder";
import { SESSION_COOKIE } from "@/server/auth/browser-session";
import { feedEpoch, feedLive } from "@/server/db/change-feed";
import { bytesOf, type KeptResponse, keptResponseOf, sendKeptResponse } from "./kept-page-response";
import { logger } from "./logger";
import { changedSince, pageCacheLimits as limits, type Validity, validityOf } from "./page-validity";

// Public pages rendered once, served many times (decision 0027). The top page, /lp, the search
// page and the supplier pages, asked for by a visitor with no session (crawlers, first visits),
// are rendered once per process and kept as HTML until what they show changes (decision 0040): a
// supplier's page until a notice names that supplier (`pages:supplier:<id>`, drizzle/0017), the
// pages that list suppliers until `pages:list`, every page until `pages` (the master lists, the
// news) or a notice this process does not know. A page is kept at most PAGE_TTL_MS besides, for
// what changes with the clock alone (a scheduled news item, a rating revealed after 14 days), and
// only while the feed listens. A copy no notice has touched may still be served, marked STALE, for
// at most PAGE_CACHE_STALE_SECONDS while the database cannot be reached (page-stale.ts).
//
// A page is rendered with this process's template nonce. The answer to the request that renders
// it carries that response's own nonce in its place (and stays `private, no-store`); the kept copy
// carries none: its inline scripts are allowed by their hashes, every copy is the same bytes, and
// a CDN may keep it (kept-page-response.ts, decision 0041). Signed-in visitors, router requests
// and every other page render per request, with a nonce of their own, as before.

export const PAGE_TTL_MS = 60_000;
/** A page bigger than this is served but not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const SUPPLIER_PAGE = /^\/oem\/company\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const CACHED_PATHS = new Set(["/", "/lp", "/oem/search"]);
/** Requests of Next's client router: their answer is an RSC payload, not the document. */
const ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-action"];

/** Hex: it stays the same in HTML, in JSON and in a URL, wherever Next may write the nonce. */
const TEMPLATE_NONCE = randomBytes(16).toString("hex");

export interface KeptPage {
  /** The bytes, headers and policy every copy goes out with. */
  response: KeptResponse;
  validity: Validity;
  /** Found no longer valid once: only stalePage may still hand it out. */
  expired?: boolean;
  at: number;
  /** What it takes in memory. */
  bytes: number;
}

const kept = new Map<string, KeptPage>();
let keptBytes = 0;

/** The page's key when it may be served from or kept in the cache; undefined renders as before. */
export function pageCacheKey(req: IncomingMessage): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (!CACHED_PATHS.has(path) && !SUPPLIER_PAGE.test(path)) return undefined;
  for (const h of ROUTER_HEADERS) if (req.headers[h] !== undefined) return undefined;
  if (q >= 0 && /(?:^|&)_rsc=/.test(url.slice(q + 1))) return undefined;
  // The header of a signed-in visitor's page differs, and its render slides the session.
  if (hasSessionCookie(req.headers.cookie)) return undefined;
  // The raw URL, query included: what Next renders for it (the router's state holds the query).
  return url;
}

function hasSessionCookie(cookie: string | undefined): boolean {
  if (!cookie) return false;
  return cookie.split(";").some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** The supplier a supplier page's path names, for its page view. */
export function supplierOfPage(url: string): string | undefined {
  const q = url.indexOf("?");
  return SUPPLIER_PAGE.exec(q < 0 ? url : url.slice(0, q))?.[1];
}

/**
 * What keptPage answered, for /metrics (page_cache_requests_total, metrics.ts reads it at each
 * scrape): `hit` served as kept, `miss` nothing kept for the key, `stale` a page was kept but is no
 * longer valid (a change, its age, or the feed not listening) and is rendered again,
 * `staleServed` such a copy served while the database could not be reached (page-stale.ts). Plain
 * numbers: the hot path only adds one. On globalThis, as the render notes below.
 */
export interface PageCacheCounts {
  hit: number;
  miss: number;
  stale: number;
  staleServed: number;
}
const countsHolder = globalThis as unknown as { __oemPageCacheCounts?: PageCacheCounts };
countsHolder.__oemPageCacheCounts ??= { hit: 0, miss: 0, stale: 0, staleServed: 0 };
const counts = countsHolder.__oemPageCacheCounts;
counts.staleServed ??= 0;

/** A kept page still valid for the key, or undefined. */
export function keptPage(key: string, now = Date.now()): KeptPage | undefined {
  const page = kept.get(key);
  if (!page) {
    counts.miss++;
    return undefined;
  }
  const v = page.validity;
  if (
    page.expired ||
    !feedLive() ||
    v.epoch !== feedEpoch() ||
    now - page.at >= PAGE_TTL_MS ||
    changedSince(v)
  ) {
    // A copy no notice touched stays for a database blip (stalePage), within its bound, but is
    // never served as kept again.
    page.expired = true;
    if (changedSince(v) || now - page.at >= limits().staleMs) forget(key, page);
    counts.stale++;
    return undefined;
  }
  kept.delete(key);
  kept.set(key, page);
  counts.hit++;
  return page;
}

/**
 * The copy kept for the key that no notice has touched and that is younger than the stale bound,
 * whatever the feed's state: served only while the database cannot be reached (page-stale.ts),
 * never once a notice said its data changed.
 */
export function stalePage(key: string, now = Date.now()): KeptPage | undefined {
  const page = kept.get(key);
  if (!page || changedSince(page.validity) || now - page.at >= limits().staleMs) return undefined;
  return page;
}

/** Counts a stale copy served (page-stale.ts). */
export function countStaleServed(): void {
  counts.staleServed++;
}

/** keptPage's answers so far in this process (counters: they only grow). */
export function pageCacheCounts(): Readonly<PageCacheCounts> {
  return counts;
}

function forget(key: string, page: KeptPage): void {
  if (kept.get(key) !== page) return;
  kept.delete(key);
  keptBytes -= page.bytes;
}

function keep(key: string, page: KeptPage): void {
  const old = kept.get(key);
  if (old) forget(key, old);
  kept.set(key, page);
  keptBytes += page.bytes;
  const max = limits();
  while (kept.size > max.pages || keptBytes > max.bytes) {
    const [oldestKey, oldest] = kept.entries().next().value!;
    forget(oldestKey, oldest);
  }
}

/** How many pages this process keeps (tests, the system page). */
export function keptPages(): { pages: number; bytes: number } {
  return { pages: kept.size, bytes: keptBytes };
}

/**
 * Sends a kept page (kept-page-response.ts): the same bytes for every visitor, public for shared
 * caches for what is left of its PAGE_TTL_MS here, 304 to a client that holds them.
 */
export function serveKeptPage(
  page: KeptPage,
  req: IncomingMessage,
  res: ServerResponse,
  state: "HIT" | "STALE" = "HIT",
): void {
  // A copy past its lifetime here, or served STALE while the database is down, goes out as already
  // stale for shared caches: a CDN revalidates it at the next request instead of keeping it.
  const secondsLeft = state === "STALE" ? 0 : Math.ceil((page.at + PAGE_TTL_MS - Date.now()) / 1000);
  sendKeptResponse(page.response, req, res, secondsLeft, state);
}

// What a render says about itself: a section that could not load (and shows nothing) must not be
// kept until the next change. On globalThis, so that Next's bundled copy of this module shares it.
interface RenderNotes {
  keep: boolean;
}
const holder = globalThis as unknown as { __oemPageRender?: AsyncLocalStorage<RenderNotes> };
holder.__oemPageRender ??= new AsyncLocalStorage<RenderNotes>();
const renders = holder.__oemPageRender;

/** Called by a page whose output is incomplete (a section failed): this render is not kept. */
export function doNotKeepThisPage(): void {
  const notes = renders.getStore();
  if (notes) notes.keep = false;
}

/** Headers the server sets on every answer itself: not kept with a page. */
const OWN_HEADERS = new Set([
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "strict-transport-security",
  "x-request-id",
  "x-page-cache",
  "connection",
  "keep-alive",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
]);

type Chunk = string | Uint8Array;

/**
 * The render nonce to hand Next for a request with this key: the template, replaced by the
 * response's nonce as the page goes out (see renderAndKeep).
 */
export function renderNonce(): string {
  return TEMPLATE_NONCE;
}

/**
 * Renders through `render` (Next), sending the page with `nonce` in place of the template nonce,
 * and keeps it under `key` if it was a whole 200 HTML page of a signed-out visitor. Call it with
 * the response's writer already wrapped by whatever must see the final HTML after it (compression),
 * and before what rewrites Next's output (the script deferral), so the kept page is the final HTML.
 */
export function renderAndKeep(
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
  nonce: string,
  render: () => Promise<void> | void,
): Promise<void> | void {
  const validity = validityOf(supplierOfPage(key));
  const started = Date.now();
  const notes: RenderNotes = { keep: req.method === "GET" };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const decoder = new StringDecoder("utf8");
  const raw: string[] = [];
  let rawBytes = 0;
  let carry = "";
  let html: boolean | undefined;
  let headers: OutgoingHttpHeaders | undefined;
  const isHtml = () => {
    if (html === undefined) {
      html = String(res.getHeader("content-type") ?? "").startsWith("text/html");
      headers = res.getHeaders();
    }
    return html;
  };
  // The template nonce (32 characters) may be cut between two chunks: the last 31 wait.
  const hold = TEMPLATE_NONCE.length - 1;
  const push = (text: string, last: boolean): string => {
    raw.push(text);
    rawBytes += text.length;
    const all = (carry + text).replaceAll(TEMPLATE_NONCE, nonce);
    const cut = last ? all.length : Math.max(0, all.length - hold);
    carry = all.slice(cut);
    return all.slice(0, cut);
  };
  const asText = (chunk: Chunk) =>
    typeof chunk === "string"
      ? chunk
      : decoder.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));

  res.write = ((chunk: Chunk, ...rest: unknown[]) => {
    if (!isHtml()) return write(chunk, ...rest);
    return write(
      push(asText(chunk), false),
      rest.find((r) => typeof r === "function"),
    );
  }) as typeof res.write;
  res.end = ((chunk?: Chunk | (() => void), ...rest: unknown[]) => {
    const callback = [chunk, ...rest].find((r) => typeof r === "function") as (() => void) | undefined;
    const data = typeof chunk === "function" ? undefined : chunk;
    if (!isHtml()) return data === undefined ? end(callback) : end(data, ...rest);
    const text = (data === undefined ? "" : asText(data)) + decoder.end();
    const out = push(text, true);
    const ended = end(out, callback);
    const page = raw.join("");
    if (
      notes.keep &&
      res.statusCode === 200 &&
      headers &&
      headers["set-cookie"] === undefined &&
      rawBytes <= MAX_PAGE_BYTES
    ) {
      const keptHeaders: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers))
        if (!OWN_HEADERS.has(name)) keptHeaders[name] = value;
      const response = keptResponseOf(page, TEMPLATE_NONCE, keptHeaders);
      if (response) keep(key, { response, validity, at: started, bytes: bytesOf(response) });
      else
        logger().warn(
          { key },
          "page not kept: it has a parser-inserted external script a hash policy would refuse",
        );
    }
    return ended;
  }) as typeof res.end;
  res.setHeader("X-Page-Cache", "MISS");
  return renders.run(notes, render);
}
