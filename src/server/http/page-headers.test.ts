import type { IncomingMessage, ServerResponse } from "node:http";
import { getScriptNonceFromHeaders } from "next/dist/server/app-render/get-script-nonce-from-header";
import { describe, expect, it } from "vitest";
import { applyPageHeaders, pageCsp } from "./page-headers";

function fakeResponse() {
  const headers: Record<string, string> = {};
  return {
    headers,
    res: {
      setHeader: (k: string, v: string) => {
        headers[k.toLowerCase()] = v;
      },
    } as unknown as ServerResponse,
  };
}

describe("page security headers", () => {
  it("hands Next the response's nonce through the request, whatever the client sent", () => {
    const req = {
      headers: {
        "content-security-policy": "script-src 'nonce-attacker'",
        "content-security-policy-report-only": "script-src 'nonce-attacker'",
      },
    } as unknown as IncomingMessage;
    const { res, headers } = fakeResponse();
    const nonce = applyPageHeaders(req, res);
    // the function Next itself uses to find the nonce it puts on its scripts
    expect(getScriptNonceFromHeaders(req.headers)).toBe(nonce);
    expect(headers["content-security-policy"]).toBe(req.headers["content-security-policy"]);
    expect(req.headers["content-security-policy-report-only"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("uses a new unguessable nonce on every response", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const { res } = fakeResponse();
      seen.add(applyPageHeaders({ headers: {} } as IncomingMessage, res));
    }
    expect(seen.size).toBe(1000);
    for (const n of seen) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });

  it("allows scripts only by nonce in production, and forbids framing, plugins and base changes", () => {
    const csp = pageCsp("abc");
    const script = csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(script).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(pageCsp("abc", true)).toContain("'unsafe-eval'");
  });
});

describe("HSTS", () => {
  it("is sent only when the app is served over https", () => {
    const plain = fakeResponse();
    applyPageHeaders({ headers: {} } as IncomingMessage, plain.res);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const tls = fakeResponse();
    applyPageHeaders({ headers: {} } as IncomingMessage, tls.res, false, true);
    expect(tls.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
  });
});
