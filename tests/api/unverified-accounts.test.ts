import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, markVerified, registerAccount } from "../factories/accounts";
import { api, idem } from "../factories/http";
import { creditTickets, inquiryBody, insertNominations } from "../factories/inquiries";

// Issue 15 item 8: spending tickets, uploading images and being public all wait for a verified email.
const VERIFY_FIRST = "メールアドレスの確認が完了していない";

let dir: string;
let buyer: Account;
let png: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-unverified-"));
  setStorage(new LocalDiskStorage(dir));
  buyer = await registerAccount("BUYER");
  await markVerified(buyer.userId);
  png = (
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
      .png()
      .toBuffer()
  ).toString("base64");
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("an account whose email is not verified", () => {
  it("cannot spend a ticket on a nomination (403, asked to verify), and can once verified", async () => {
    const supplier = await registerAccount("SUPPLIER");
    await creditTickets(supplier.companyId, 1);
    const [nomination] = await insertNominations(buyer, supplier.companyId, 1);
    const refused = await api("POST", "/api/billing/ticket_usage", {
      token: supplier.token,
      body: { contactId: nomination },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain(VERIFY_FIRST);
    const tickets = await api("GET", "/api/billing/tickets", { token: supplier.token });
    expect(tickets.body.balance).toBe(1);

    await markVerified(supplier.userId);
    const used = await api("POST", "/api/billing/ticket_usage", {
      token: supplier.token,
      body: { contactId: nomination },
    });
    expect(used.status).toBe(201);
  });

  it("cannot upload images by any of the four upload operations, and can once verified", async () => {
    const fresh = await registerAccount("SUPPLIER");
    const file = () => {
      const f = new FormData();
      f.append("file", new File([Buffer.from(png, "base64")], "a.png", { type: "image/png" }));
      return f;
    };
    const attempts = [
      () => api("POST", "/api/image/base64/upload", { token: fresh.token, body: { image: png } }),
      () => api("POST", "/api/image/file/upload", { token: fresh.token, body: file() }),
      () =>
        api("POST", `/api/image/company/${fresh.companyId}/base64/upload`, {
          token: fresh.token,
          body: { image: png },
        }),
      () =>
        api("POST", `/api/image/company/${fresh.companyId}/file/upload`, {
          token: fresh.token,
          body: file(),
        }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain(VERIFY_FIRST);
    }
    await markVerified(fresh.userId);
    for (const attempt of attempts) expect((await attempt()).status).toBe(201);
  });

  it("keeps a new supplier off its public page and out of search until a member has verified", async () => {
    const name = `未確認検証工業${Date.now()}株式会社`;
    const fresh = await registerAccount("SUPPLIER", { companyName: name });
    const search = () => api("POST", "/api/oem/search", { body: { keyword: name } });

    const page = await api("GET", `/api/oem/${fresh.companyId}`);
    expect(page.status).toBe(404);
    expect(page.body.error.message).toBe("企業が見つかりませんでした。");
    expect((await search()).body.items).toEqual([]);

    await markVerified(fresh.userId);
    expect((await api("GET", `/api/oem/${fresh.companyId}`)).status).toBe(200);
    expect((await search()).body.items.map((i: { id: string }) => i.id)).toEqual([fresh.companyId]);
  });

  it("cannot be nominated or selected in an inquiry until a member has verified (not public yet)", async () => {
    const fresh = await registerAccount("SUPPLIER");
    const send = (body: Record<string, unknown>) =>
      api("POST", "/api/contact/create", { headers: idem(), token: buyer.token, body: inquiryBody(body) });

    const nominated = await send({ type: "NOMINATION", nominatedCompanyId: fresh.companyId });
    expect(nominated.status).toBe(422);
    expect(nominated.body.error.fields.nominatedCompanyId).toBe("問い合わせ先の企業が見つかりません");
    const selected = await send({ type: "BULK", selectedCompanyIds: [fresh.companyId] });
    expect(selected.status).toBe(422);
    expect(selected.body.error.fields.selectedCompanyIds).toMatch(/問い合わせできない企業/);

    await markVerified(fresh.userId);
    expect((await send({ type: "NOMINATION", nominatedCompanyId: fresh.companyId })).status).toBe(201);
  });
});
