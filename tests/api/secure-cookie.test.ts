import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvForTests, setEnvForTests } from "@/env";
import { parseTrustProxy } from "@/server/http/forwarded";
import { api } from "../factories/http";

// Issue 34: the Secure flag of our cookies followed APP_URL only. Behind a proxy that ends TLS
// (X-Forwarded-Proto: https from a trusted proxy) the cookies are Secure too; a client reaching
// the app directly cannot ask for it (nor be refused it) with the header.

afterEach(() => resetEnvForTests());

const csrfCookie = async (ip: string, headers: Record<string, string>) => {
  const res = await api("GET", "/api/auth/csrf", { ip, headers });
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie") ?? "";
};

describe("the Secure flag of the cookies", () => {
  it("is set when a trusted proxy says the client came over https, though APP_URL is http", async () => {
    expect(env().APP_URL.startsWith("http://")).toBe(true);
    setEnvForTests({ TRUST_PROXY: parseTrustProxy("127.0.0.1") });
    const cookie = await csrfCookie("127.0.0.1", {
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.7",
    });
    expect(cookie).toMatch(/oem_csrf=/);
    expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("is not set over plain http, nor when an untrusted client claims https", async () => {
    setEnvForTests({ TRUST_PROXY: parseTrustProxy("127.0.0.1") });
    expect(await csrfCookie("127.0.0.1", { "x-forwarded-proto": "http" })).not.toMatch(/;\s*Secure/i);
    expect(await csrfCookie("198.51.100.4", { "x-forwarded-proto": "https" })).not.toMatch(/;\s*Secure/i);
    resetEnvForTests();
    expect(await csrfCookie("127.0.0.1", { "x-forwarded-proto": "https" })).not.toMatch(/;\s*Secure/i);
  });

  it("is always set when APP_URL is https", async () => {
    setEnvForTests({ APP_URL: "https://oem-match.test" });
    expect(await csrfCookie("198.51.100.4", {})).toMatch(/;\s*Secure/i);
  });
});
