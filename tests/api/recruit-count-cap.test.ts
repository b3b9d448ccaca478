import { beforeAll, describe, expect, it } from "vitest";
import { todayInJapan } from "@/lib/japan-time";
import { listPublicRecruits } from "@/modules/inquiries/recruit.repository";
import { RECRUIT_COUNT_CAP } from "@/modules/inquiries/supplier-inquiry.service";
import { db } from "@/server/db/client";
import { type Account, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";
import { insertOpenRecruits } from "../factories/inquiries";

// The public recruits list counts at most RECRUIT_COUNT_CAP + 1 rows (decision 0020): with tens of
// thousands of open recruits a page costs what a list of a thousand does. Above the cap the API
// answers total = the cap and totalCapped = true; below it the exact total.

let buyer: Account;
let supplier: Account;

const openRecruits = (n: number, title: string) => insertOpenRecruits(buyer, n, title);

beforeAll(async () => {
  buyer = await registerAccount("BUYER");
  supplier = await registerAccount("SUPPLIER");
});

describe("the public recruits' total", () => {
  it("is exact below the cap and stops counting one past it", async () => {
    await openRecruits(3, "少数の案件");
    const few = await api("GET", `/api/oem/company/${supplier.companyId}/contacts?contactType=BULK`, {
      token: supplier.token,
    });
    expect(few.status).toBe(200);
    expect(few.body).toMatchObject({ total: 3, totalCapped: false });

    const capped = await listPublicRecruits(db(), {
      today: todayInJapan(),
      limit: 2,
      offset: 0,
      countCap: 2,
    });
    expect(capped.total).toBe(3); // cap + 1: "more than the cap"
    const past = await listPublicRecruits(db(), { today: todayInJapan(), limit: 2, offset: 10, countCap: 2 });
    expect(past).toMatchObject({ rows: [], total: 3 });
  });

  it("answers the cap and totalCapped above it, the newest first, and the nominations list is never capped", async () => {
    await openRecruits(RECRUIT_COUNT_CAP + 5, "大量の案件");
    const res = await api(
      "GET",
      `/api/oem/company/${supplier.companyId}/contacts?contactType=BULK&perPage=20`,
      {
        token: supplier.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: RECRUIT_COUNT_CAP, totalCapped: true });
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0].title).toBe("大量の案件 1");
    const nominations = await api(
      "GET",
      `/api/oem/company/${supplier.companyId}/contacts?contactType=NOMINATION`,
      {
        token: supplier.token,
      },
    );
    expect(nominations.body).toMatchObject({ total: 0, totalCapped: false });
  });
});
