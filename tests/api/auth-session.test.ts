import { describe, expect, it } from "vitest";
import { PASSWORD, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";

// The same-origin check compares with APP_URL (vitest.config.ts), not the request's own host.
const ORIGIN = "http://localhost:3000";

function cookieOf(headers: Headers, name: string): string | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [k, v] = pair!.split("=");
    if (k === name) return v;
  }
  return undefined;
}

async function csrf() {
  const res = await api("GET", "/api/auth/csrf");
  const cookie = cookieOf(res.headers, "oem_csrf")!;
  expect(res.body.csrfToken).toBe(cookie);
  return { token: res.body.csrfToken as string, cookie: `oem_csrf=${cookie}` };
}

describe("the web pages' sign-in mechanism", () => {
  it("answers {} for /api/auth/session without a session", async () => {
    const res = await api("GET", "/api/auth/session");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it("lists the credentials provider", async () => {
    const res = await api("GET", "/api/auth/providers");
    expect(res.body.credentials).toMatchObject({ id: "credentials", type: "credentials" });
  });

  it("signs in with CSRF, sets an httpOnly cookie, and the session carries the token", async () => {
    const supplier = await registerAccount("SUPPLIER");
    const { token, cookie } = await csrf();
    const res = await api("POST", "/api/auth/signin", {
      headers: { cookie, origin: ORIGIN },
      body: {
        csrfToken: token,
        email: supplier.email,
        password: PASSWORD,
        callbackUrl: "/account/oem/recruit",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, url: "/account/oem/recruit" });
    const setCookie = res.headers.getSetCookie().find((l) => l.startsWith("oem_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const session = cookieOf(res.headers, "oem_session")!;

    const s = await api("GET", "/api/auth/session", { headers: { cookie: `oem_session=${session}` } });
    expect(s.body).toMatchObject({
      token: session,
      companyType: "SUPPLIER",
      user: { email: supplier.email },
    });
    expect(new Date(s.body.expires).getTime()).toBeGreaterThan(Date.now());

    // The cookie authenticates reads; a write from another origin is refused.
    expect(
      (await api("GET", "/api/account/me", { headers: { cookie: `oem_session=${session}` } })).status,
    ).toBe(200);
    const crossSite = await api("PUT", `/api/account/company/${supplier.companyId}/profile/update`, {
      headers: { cookie: `oem_session=${session}`, origin: "https://evil.example" },
      body: { name: "乗っ取り", department: null, phone: null },
    });
    expect(crossSite.status).toBe(403);
  });

  it("never redirects off-site after sign-in", async () => {
    const buyer = await registerAccount("BUYER");
    const { token, cookie } = await csrf();
    const res = await api("POST", "/api/auth/callback/credentials", {
      headers: { cookie, origin: ORIGIN },
      body: { csrfToken: token, email: buyer.email, password: PASSWORD, callbackUrl: "//evil.example/x" },
    });
    expect(res.body.url).toBe("/account/buyer");
  });

  it("answers the home page, never the given callbackUrl, for each way off-site", async () => {
    const buyer = await registerAccount("BUYER");
    const offSite = [
      "/\t/evil.example/phish",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\t\\evil.example",
      " //evil.example",
      "\\\\evil.example",
      "https://evil.example/account/buyer",
      "http://localhost:3000@evil.example/",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
    ];
    for (const callbackUrl of offSite) {
      const { token, cookie } = await csrf();
      const res = await api("POST", "/api/auth/signin", {
        headers: { cookie, origin: ORIGIN },
        body: { csrfToken: token, email: buyer.email, password: PASSWORD, callbackUrl },
      });
      expect(res.status, callbackUrl).toBe(200);
      expect(res.body.url, JSON.stringify(callbackUrl)).toBe("/account/buyer");
    }
    // The app's own absolute URL is kept as its path.
    const { token, cookie } = await csrf();
    const own = await api("POST", "/api/auth/signin", {
      headers: { cookie, origin: ORIGIN },
      body: {
        csrfToken: token,
        email: buyer.email,
        password: PASSWORD,
        callbackUrl: "http://localhost:3000/account/buyer/contact?page=2",
      },
    });
    expect(own.body.url).toBe("/account/buyer/contact?page=2");
  });

  it("refuses sign-in without a matching CSRF token", async () => {
    const buyer = await registerAccount("BUYER");
    const { cookie } = await csrf();
    const res = await api("POST", "/api/auth/signin", {
      headers: { cookie, origin: ORIGIN },
      body: { csrfToken: "forged-token-value", email: buyer.email, password: PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain("セキュリティ確認");
  });

  it("signs in to the supplier company from the supplier page when the user has both", async () => {
    const buyer = await registerAccount("BUYER");
    const { token, cookie } = await csrf();
    const res = await api("POST", "/api/auth/signin", {
      headers: { cookie, origin: ORIGIN },
      body: { csrfToken: token, email: buyer.email, password: PASSWORD, accountType: "SUPPLIER" },
    });
    // Without a supplier company the buyer one stays active.
    expect(res.body.url).toBe("/account/buyer");
  });

  it("signs out: revokes the token and clears the cookie", async () => {
    const buyer = await registerAccount("BUYER");
    const { token, cookie } = await csrf();
    const res = await api("POST", "/api/auth/signout", {
      headers: { cookie: `${cookie}; oem_session=${buyer.token}`, origin: ORIGIN },
      body: { csrfToken: token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((l) => l.startsWith("oem_session=;"))).toBe(true);
    expect((await api("GET", "/api/account/me", { token: buyer.token })).status).toBe(401);
  });

  it("refuses a client log over 2 kB with 413 and a Japanese message", async () => {
    const ip = "10.9.9.10";
    const small = await api("POST", "/api/auth/_log", {
      ip,
      body: { level: "error", code: "CLIENT_FETCH_ERROR", metadata: { detail: "x".repeat(1500) } },
    });
    expect(small.status).toBe(200);
    for (const size of [3000, 500_000]) {
      const big = await api("POST", "/api/auth/_log", {
        ip,
        body: { level: "error", metadata: { detail: "x".repeat(size) } },
      });
      expect(big.status, String(size)).toBe(413);
      expect(big.body.error).toEqual({
        code: "PAYLOAD_TOO_LARGE",
        message: "ログの内容が大きすぎます（2KBまで）。",
      });
    }
  });

  it("counts refused client logs towards the rate limit too", async () => {
    const ip = "10.9.9.11";
    const big = { level: "error", metadata: { detail: "x".repeat(4000) } };
    for (let i = 0; i < 60; i++) await api("POST", "/api/auth/_log", { ip, body: big });
    const last = await api("POST", "/api/auth/_log", { ip, body: big });
    expect(last.status).toBe(429);
    const small = await api("POST", "/api/auth/_log", { ip, body: { level: "warn" } });
    expect(small.status).toBe(429);
  });

  it("accepts client logs and rate limits them", async () => {
    const ip = "10.9.9.9";
    const ok = await api("POST", "/api/auth/_log", {
      ip,
      body: { level: "error", code: "CLIENT_FETCH_ERROR" },
    });
    expect(ok.status).toBe(200);
    let last = ok;
    for (let i = 0; i < 60; i++) last = await api("POST", "/api/auth/_log", { ip, body: { level: "warn" } });
    expect(last.status).toBe(429);
  });
});
