import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

// Security headers of everything Next serves (pages, RSC payloads, _next assets, the image
// optimiser). The API sets its own in src/api/app.ts.
//
// Scripts run only with this response's nonce: Next reads the nonce from the request's
// Content-Security-Policy header (parseRequestHeaders → getScriptNonceFromHeaders) and puts it
// on every script it renders; 'strict-dynamic' lets those scripts load the route's chunks.
// A nonce must be new on every response, so every page renders per request (the root layout
// calls connection()); the public pages already did, for their database content. A kept public
// page, the same bytes for every visitor, has no nonce: its inline scripts are allowed by their
// hashes (keptPageCsp, src/server/http/kept-page-response.ts, decision 0041).

/** The page policy for one response. Development adds what React's dev build and HMR need. */
export function pageCsp(nonce: string, dev = false): string {
  return policy(`'nonce-${nonce}'`, dev);
}

/**
 * The policy of a kept page (decision 0041): its inline scripts allowed by their `'sha256-…'`
 * hashes instead of a nonce, equally strict otherwise. Production only (development keeps nothing).
 */
export function keptPageCsp(hashes: readonly string[]): string {
  return policy(hashes.join(" "), false);
}

function policy(scripts: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scripts ? ` ${scripts}` : ""} 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React and Radix set style attributes, sonner injects its stylesheet: inline styles stay
    // allowed. Styles cannot run code; scripts are what the nonce guards.
    "style-src 'self' 'unsafe-inline'",
    // blob: previews of chosen files before upload; data: tiny inline placeholders.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** HTTPS only: browsers ignore it over http, and a loopback or LAN http setup must stay usable. */
export const HSTS = "max-age=31536000; includeSubDomains";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Sets the response's security headers and hands Next the nonce through the request. A page the
 * cache keeps renders with its template nonce (`renderWith`): this first answer carries this
 * response's own in its place, the kept copy none (src/server/http/page-cache.ts).
 */
export function applyPageHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  dev = false,
  https = false,
  renderWith?: string,
): string {
  const nonce = newNonce();
  const csp = pageCsp(nonce, dev);
  // A client's own CSP request header must not choose the nonce.
  delete req.headers["content-security-policy-report-only"];
  req.headers["content-security-policy"] = renderWith ? pageCsp(renderWith, dev) : csp;
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  if (https) res.setHeader("Strict-Transport-Security", HSTS);
  return nonce;
}
