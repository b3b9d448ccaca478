import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { flushPageViews } from "@/modules/companies/page-views";
import { CLIENT_IP_HEADER, countView, pageVisitorOf } from "@/modules/companies/supplier-directory.service";
import { appOrigin, SESSION_COOKIE } from "@/server/auth/browser-session";
import { db } from "@/server/db/client";
import { type Account, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";

// Decision 0045: the supplier page's browser reports its view (POST /api/oem/view/{companyId}), so
// a copy a CDN answered is counted; the page's own GET and the beacon are one visitor.

async function viewsToday(s: Account): Promise<number> {
  await flushPageViews(db());
  const now = new Date(Date.now() + 9 * 3_600_000);
  const res = await api(
    "GET",
    `/api/oem/company/${s.companyId}/record/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`,
    { token: s.token },
  );
  expect(res.status).toBe(200);
  return res.body.pageViews;
}

const beacon = (
  companyId: string,
  ip: string,
  ua: string,
  opts: { token?: string; headers?: Record<string, string> } = {},
) =>
  api("POST", `/api/oem/view/${companyId}`, {
    ip,
    token: opts.token,
    headers: { "user-agent": ua, ...opts.headers },
  });

describe("the supplier page's view beacon", () => {
  it("counts a signed-out visitor once a day, with no body and no token", async () => {
    const s = await registerVerified("SUPPLIER");
    const res = await beacon(s.companyId, "203.0.113.40", "Mozilla/5.0 Chrome");
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    for (let i = 0; i < 3; i++) await beacon(s.companyId, "203.0.113.40", "Mozilla/5.0 Chrome");
    expect(await viewsToday(s)).toBe(1);
    await beacon(s.companyId, "203.0.113.41", "Mozilla/5.0 Chrome");
    expect(await viewsToday(s)).toBe(2);
  });

  it("and the page's own GET of the same browser count one visitor", async () => {
    const s = await registerVerified("SUPPLIER");
    // The page rendered (or its kept copy served) by the app: server.ts's visitor of the request.
    const headers: Record<string, string> = {
      [CLIENT_IP_HEADER]: "198.51.100.60",
      "user-agent": "Mozilla/5.0 Safari",
    };
    countView(
      s.companyId,
      pageVisitorOf((name) => headers[name], null),
    );
    expect((await beacon(s.companyId, "198.51.100.60", "Mozilla/5.0 Safari")).status).toBe(204);
    expect(await viewsToday(s)).toBe(1);
    // The API's own GET of the page's data, then the beacon: still that one visitor.
    await api("GET", `/api/oem/${s.companyId}`, {
      ip: "198.51.100.60",
      headers: { "user-agent": "Mozilla/5.0 Safari" },
    });
    await beacon(s.companyId, "198.51.100.60", "Mozilla/5.0 Safari");
    expect(await viewsToday(s)).toBe(1);
    // A beacon first, on a later flush than the GET: page_view_visitors dedupes across flushes.
    await beacon(s.companyId, "198.51.100.61", "Mozilla/5.0 Safari");
    await flushPageViews(db());
    await api("GET", `/api/oem/${s.companyId}`, {
      ip: "198.51.100.61",
      headers: { "user-agent": "Mozilla/5.0 Safari" },
    });
    expect(await viewsToday(s)).toBe(2);
  });

  it("does not count the company's own members, by token or by the browser's cookie", async () => {
    const s = await registerVerified("SUPPLIER");
    expect((await beacon(s.companyId, "192.0.2.70", "UA member", { token: s.token })).status).toBe(204);
    const cookie = await beacon(s.companyId, "192.0.2.71", "UA member", {
      headers: { cookie: `${SESSION_COOKIE}=${s.token}`, origin: appOrigin() },
    });
    expect(cookie.status).toBe(204);
    expect(await viewsToday(s)).toBe(0);
    // Another company's member is a visitor like any other.
    const buyer = await registerVerified("BUYER");
    await beacon(s.companyId, "192.0.2.72", "UA buyer", { token: buyer.token });
    expect(await viewsToday(s)).toBe(1);
  });

  it("answers 404 in Japanese for an unknown or unlisted supplier, and a buyer company", async () => {
    const buyer = await registerVerified("BUYER");
    for (const id of [randomUUID(), "not-a-uuid", buyer.companyId]) {
      const res = await beacon(id, "192.0.2.80", "UA");
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
      expect(res.body.error.message).toBe("企業が見つかりませんでした。");
    }
  });
});
