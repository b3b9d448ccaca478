import { afterAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@/api/app";
import { loadEnv, setEnvForTests } from "@/env";
import { appNow, resetAppClock } from "@/server/clock";
import { registerVerified } from "../factories/accounts";
import { api, randomIp } from "../factories/http";
import { createInquiry, creditTickets } from "../factories/inquiries";

// The test build's hooks (docs/reliability.md "Test hooks"): with TEST_HOOKS=1 the app clock can
// be moved forward and the refund job run at once, for the browser journey; without the flag the
// paths do not exist (404), and they are never in the OpenAPI document.

const DAY_MS = 86_400_000;

afterAll(() => {
  resetAppClock();
  setEnvForTests({ TEST_HOOKS: "0" });
});

async function call(app: ReturnType<typeof createApp>, path: string, body?: unknown, raw?: string) {
  const res = await app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-client-ip": randomIp() },
    body: raw ?? JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe("without TEST_HOOKS", () => {
  it("the hooks answer 404 like any unknown API path and are not in the OpenAPI document", async () => {
    for (const path of ["/api/test-hooks/clock", "/api/test-hooks/jobs/ticket-refunds"]) {
      const res = await api("POST", path, { body: { advanceMs: 1000 } });
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    const doc = await api("GET", "/api/openapi.json");
    expect(Object.keys(doc.body.paths).filter((p) => p.includes("test-hooks"))).toEqual([]);
  });

  it("a production configuration refuses the flag at start", () => {
    const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(40), APP_ENV: "production" } as const;
    expect(() => loadEnv({ ...base, TEST_HOOKS: "1" })).toThrow(/TEST_HOOKS=1 is for test builds only/);
    expect(loadEnv({ ...base, TEST_HOOKS: "0" }).TEST_HOOKS).toBe("0");
    expect(loadEnv({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(40) }).TEST_HOOKS).toBe("0");
  });
});

describe("with TEST_HOOKS=1", () => {
  it("moves the app clock, runs the refund job on it, and is still absent from the OpenAPI document", async () => {
    setEnvForTests({ TEST_HOOKS: "1" });
    const app = createApp();
    const doc = await app.request("/api/openapi.json");
    expect(JSON.stringify(await doc.json())).not.toContain("test-hooks");

    // A free supplier uses a ticket and writes (on the real clock, through the normal API).
    const [buyer, supplier] = await Promise.all([registerVerified("BUYER"), registerVerified("SUPPLIER")]);
    await creditTickets(supplier.companyId, 1);
    const inquiryId = await createInquiry(buyer, {
      type: "NOMINATION",
      nominatedCompanyId: supplier.companyId,
    });
    const used = await api("POST", "/api/billing/ticket_usage", {
      token: supplier.token,
      body: { contactId: inquiryId },
    });
    expect(used.status).toBe(201);
    const threads = await api(
      "GET",
      `/api/deals/company/${supplier.companyId}/threads?inquiryId=${inquiryId}`,
      {
        token: supplier.token,
      },
    );
    const posted = await api(
      "POST",
      `/api/deals/company/${supplier.companyId}/threads/${threads.body.items[0].id}/messages`,
      { token: supplier.token, body: { body: "ご相談ありがとうございます。" } },
    );
    expect(posted.status).toBe(201);

    const before = await call(app, "/api/test-hooks/jobs/ticket-refunds");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ refunded: 0 });

    // 14 calendar days hold 5 business days whatever the holidays (Golden Week, New Year).
    const moved = await call(app, "/api/test-hooks/clock", { advanceMs: 14 * DAY_MS });
    expect(moved.status).toBe(200);
    expect(moved.body.offsetMs).toBeGreaterThanOrEqual(14 * DAY_MS - 1000);
    expect(new Date(moved.body.now).getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);

    const run = await call(app, "/api/test-hooks/jobs/ticket-refunds");
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ due: 1, refunded: 1 });
    const me = await api("GET", "/api/account/me", { token: supplier.token });
    expect(me.body.companyDetails.ticketCount).toBe(1);
    expect((await call(app, "/api/test-hooks/jobs/ticket-refunds")).body).toMatchObject({ refunded: 0 });

    const reset = await call(app, "/api/test-hooks/clock", { reset: true });
    expect(reset.status).toBe(200);
    expect(reset.body.offsetMs).toBe(0);
    expect(Math.abs(appNow().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("answers the clock's offset itself, whatever time passes while it answers", async () => {
    setEnvForTests({ TEST_HOOKS: "1" });
    const app = createApp();
    // A system clock that moves 1 ms at each read: the offset was the difference of two reads (CI
    // saw -1 after a reset).
    let t = Date.now();
    const tick = vi.spyOn(Date, "now").mockImplementation(() => ++t);
    try {
      expect((await call(app, "/api/test-hooks/clock", { reset: true })).body.offsetMs).toBe(0);
      expect((await call(app, "/api/test-hooks/clock", { advanceMs: 5000 })).body.offsetMs).toBe(5000);
      expect(
        (await call(app, "/api/test-hooks/clock", { reset: true, advanceMs: 60_000 })).body.offsetMs,
      ).toBe(60_000);
    } finally {
      tick.mockRestore();
      resetAppClock();
    }
  });

  it("bad input answers 422 with a Japanese field message, a broken body 400", async () => {
    setEnvForTests({ TEST_HOOKS: "1" });
    const app = createApp();
    for (const [body, message] of [
      [{ advanceMs: -1 }, "時計は進めることだけができます（0以上）"],
      [{ advanceMs: 1.5 }, "進める時間は整数のミリ秒で指定してください"],
      [{ advanceMs: "1000" }, "進める時間をミリ秒の数値で指定してください"],
      [{}, "進める時間（advanceMs）を指定してください"],
    ] as const) {
      const res = await call(app, "/api/test-hooks/clock", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.fields.advanceMs).toBe(message);
    }
    const broken = await call(app, "/api/test-hooks/clock", undefined, "{not json");
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe("リクエストの形式が正しくありません。");
    expect(appNow().getTime() - Date.now()).toBeLessThan(1000);
  });
});
