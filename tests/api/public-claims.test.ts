import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { companyFeatures, features } from "@/server/db/schema";
import type { Account } from "../factories/accounts";
import { api } from "../factories/http";
import { capabilityIds, supplierWith } from "../factories/requirements";

// Issue 33 item 2: self-declared and verified never contradict. A 特徴 tag the structured
// capabilities contradict (「小ロット対応」 with small lots registered as not accepted) is not shown;
// a certification claim (「ISO認証」) a verified badge proves is left to the badge; the rest stay,
// shown as the supplier's own words — on the public page and on the search cards alike.

let contradicted: Account;
let consistent: Account;

async function withFeatures(a: Account, slugs: string[]) {
  const rows = await db().select({ id: features.id }).from(features).where(inArray(features.slug, slugs));
  await db()
    .insert(companyFeatures)
    .values(rows.map((f) => ({ companyId: a.companyId, featureId: f.id })));
  await changesSeen(db());
}

beforeAll(async () => {
  const ids = await capabilityIds();
  contradicted = await supplierWith("特徴と登録が食い違う工業株式会社", {
    categoryIds: [ids.category("machine-parts")],
    capabilities: {
      smallLotAccepted: false,
      verifiedCertificationIds: [ids.certification("iso-9001")],
    },
  });
  await withFeatures(contradicted, ["small-lot", "short-lead-time", "iso", "gmp"]);
  consistent = await supplierWith("小ロット対応の工業株式会社", {
    categoryIds: [ids.category("machine-parts")],
    capabilities: { quantityUnit: "個", moqMin: 1000, smallLotAccepted: true, smallLotMin: 100 },
  });
  await withFeatures(consistent, ["small-lot", "iso"]);
});

const names = (list: Array<{ name: string }>) => list.map((f) => f.name);

describe("the public 特徴 tags agree with the structured data and the verified badges", () => {
  it("drops a tag the capabilities contradict and a claim a verified badge proves (public page)", async () => {
    const res = await api("GET", `/api/oem/${contradicted.companyId}`);
    expect(res.status).toBe(200);
    expect(names(res.body.features)).toEqual(["短納期", "GMP対応"]);
    expect(names(res.body.verifiedCertifications)).toEqual(["ISO 9001"]);
    expect(res.body.capabilities.smallLotAccepted).toBe(false);
  });

  it("keeps the tags nothing contradicts", async () => {
    const res = await api("GET", `/api/oem/${consistent.companyId}`);
    expect(res.status).toBe(200);
    expect(names(res.body.features)).toEqual(["小ロット対応", "ISO認証"]);
  });

  it("shows the search cards the same tags", async () => {
    const res = await api("POST", "/api/oem/search", { body: { keyword: "工業株式会社" } });
    expect(res.status).toBe(200);
    const card = (id: string) => (res.body.items as any[]).find((i) => i.id === id);
    expect(names(card(contradicted.companyId).features)).toEqual(["短納期", "GMP対応"]);
    expect(names(card(consistent.companyId).features)).toEqual(["小ロット対応", "ISO認証"]);
  });
});
