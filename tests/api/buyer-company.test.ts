import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { inquiries } from "@/server/db/schema";
import { markVerified, registerAccount } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { basicInfo } from "../factories/documents";
import { api } from "../factories/http";
import { createInquiry } from "../factories/inquiries";

describe("buyer company", () => {
  it("reads and updates the company information", async () => {
    const b = await registerAccount("BUYER", { companyName: "株式会社みらい雑貨" });
    expect((await api("GET", `/api/buyer/company/${b.companyId}`, { token: b.token })).body).toMatchObject({
      name: "株式会社みらい雑貨",
      type: "BUYER",
      paymentStatus: null,
    });
    const put = await api("PUT", `/api/buyer/company/${b.companyId}/update`, {
      token: b.token,
      body: basicInfo({ name: "株式会社みらい雑貨", employeeCount: 12, prefectureId: 27 }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ employeeCount: 12, prefectureId: 27 });
  });

  it("lets a supplier add a buyer company once", async () => {
    const s = await registerAccount("SUPPLIER");
    const res = await api("POST", "/api/buyer/additional-register", {
      token: s.token,
      body: { name: "兼業商事株式会社", personName: "山田 太郎" },
    });
    expect(res.status).toBe(201);
    expect(res.body.companyType).toBe("BUYER");
    expect(
      (
        await api("POST", "/api/buyer/additional-register", {
          token: s.token,
          body: { name: "二社目", personName: "山田" },
        })
      ).status,
    ).toBe(409);
  });

  it("deactivates (ADMIN only): open inquiries close, members lose access", async () => {
    const b = await registerAccount("BUYER");
    await markVerified(b.userId);
    const general = await addGeneralMember(b.companyId);
    const s = await registerAccount("SUPPLIER");
    await markVerified(s.userId); // only public (verified) suppliers can be nominated
    const id = await createInquiry(b, { type: "NOMINATION", nominatedCompanyId: s.companyId });
    expect(
      (await api("DELETE", `/api/buyer/company/${b.companyId}/deactivate`, { token: general.token })).status,
    ).toBe(403);
    expect(
      (await api("DELETE", `/api/buyer/company/${b.companyId}/deactivate`, { token: b.token })).status,
    ).toBe(200);
    const [row] = await db().select().from(inquiries).where(eq(inquiries.id, id));
    expect(row!.status).toBe("CLOSED");
    // Sessions working in the company ended; a new sign-in finds no access to it.
    expect((await api("GET", `/api/buyer/company/${b.companyId}`, { token: general.token })).status).toBe(
      401,
    );
    const again = await api("POST", "/api/auth/login", {
      body: { email: general.email, password: "Passw0rd!demo" },
    });
    expect(again.body.companies).toEqual([]);
    expect((await api("GET", `/api/buyer/company/${b.companyId}`, { token: again.body.token })).status).toBe(
      404,
    );
  });
});
