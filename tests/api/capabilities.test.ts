// A supplier's structured capabilities (issue 20, docs/capabilities-plan.md): the complete document
// with its rules between fields, ids checked against the master lists, members of the supplier only,
// and the public page showing what is registered.
import { beforeAll, describe, expect, it } from "vitest";
import { MISSING_FIELD } from "@/lib/validation";
import { type Account, registerVerified } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import { api } from "../factories/http";

interface Item {
  id: number;
  name: string;
}
let processes: Item[];
let materials: Item[];
let supplier: Account;

/** The complete document with nothing registered; tests override what they are about. */
function capabilityDoc(overrides: Record<string, unknown> = {}) {
  return {
    quantityUnit: null,
    moqMin: null,
    moqMax: null,
    monthlyCapacity: null,
    smallLotAccepted: null,
    smallLotMin: null,
    sampleAvailable: null,
    sampleDays: null,
    processIds: [],
    materialIds: [],
    ...overrides,
  };
}

const update = (who: Account, body: unknown) =>
  api("POST", `/api/oem/company/${who.companyId}/capabilities/update`, { token: who.token, body });
const read = (who: Account) =>
  api("GET", `/api/oem/company/${who.companyId}/capabilities`, { token: who.token });

beforeAll(async () => {
  const masters = await api("GET", "/api/capabilities");
  ({ processes, materials } = masters.body);
  supplier = await registerVerified("SUPPLIER", { companyName: "能力精工株式会社" });
});

describe("supplier capabilities", () => {
  it("starts empty and stores the complete document, named from the master lists", async () => {
    const empty = await read(supplier);
    expect(empty.status).toBe(200);
    const { processIds: _p, materialIds: _m, ...blank } = capabilityDoc();
    expect(empty.body).toMatchObject({ ...blank, processes: [], materials: [], verifiedCertifications: [] });

    const [p1, p2] = processes;
    const [m1] = materials;
    const doc = capabilityDoc({
      quantityUnit: "個",
      moqMin: 1000,
      moqMax: 50_000,
      monthlyCapacity: 200_000,
      smallLotAccepted: true,
      smallLotMin: 300,
      sampleAvailable: true,
      sampleDays: 14,
      // Sent twice and out of order: stored once, listed in the master list's order.
      processIds: [p2!.id, p1!.id, p2!.id],
      materialIds: [m1!.id],
    });
    const saved = await update(supplier, doc);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      companyId: supplier.companyId,
      quantityUnit: "個",
      moqMin: 1000,
      moqMax: 50_000,
      monthlyCapacity: 200_000,
      smallLotAccepted: true,
      smallLotMin: 300,
      sampleAvailable: true,
      sampleDays: 14,
      processes: [
        { id: p1!.id, name: p1!.name },
        { id: p2!.id, name: p2!.name },
      ],
      materials: [{ id: m1!.id, name: m1!.name }],
      verifiedCertifications: [],
    });
    expect((await read(supplier)).body).toEqual(saved.body);

    // A GENERAL member edits the company's settings like the OEM information; null clears.
    const general = await addGeneralMember(supplier.companyId);
    const cleared = await update(general, capabilityDoc({ quantityUnit: "個", moqMin: 500 }));
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ moqMin: 500, moqMax: null, processes: [], smallLotAccepted: null });
  });

  it("refuses broken rules between the fields with Japanese field errors, and changes nothing", async () => {
    const s = await registerVerified("SUPPLIER");
    const before = (await read(s)).body;
    const cases: Array<[Record<string, unknown>, Record<string, string | RegExp>]> = [
      [{ moqMin: 100 }, { quantityUnit: "数量の単位を選択してください" }],
      [{ quantityUnit: "個", moqMin: 500, moqMax: 100 }, { moqMax: /上限は下限以上/ }],
      [{ quantityUnit: "個", smallLotMin: 10 }, { smallLotMin: /小ロット対応：対応する/ }],
      [{ quantityUnit: "個", smallLotAccepted: false, smallLotMin: 10 }, { smallLotMin: /対応する/ }],
      [
        { quantityUnit: "個", moqMin: 100, smallLotAccepted: true, smallLotMin: 100 },
        { smallLotMin: /MOQの下限より小さい/ },
      ],
      [{ sampleDays: 10 }, { sampleDays: /サンプル製作：対応する/ }],
      [{ sampleAvailable: true, sampleDays: 366 }, { sampleDays: /365日以内/ }],
      [{ sampleAvailable: true, sampleDays: 0 }, { sampleDays: /1日以上/ }],
      [{ quantityUnit: "個", moqMin: 0 }, { moqMin: /1以上/ }],
      [{ quantityUnit: "個", monthlyCapacity: 1_000_000_001 }, { monthlyCapacity: /10億以下/ }],
      [{ quantityUnit: "個", moqMin: "たくさん" }, { moqMin: /数字で入力/ }],
      [{ quantityUnit: "トン" }, { quantityUnit: /一覧から選択/ }],
      [{ smallLotAccepted: "はい" }, { smallLotAccepted: /小ロット対応を選択/ }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await update(s, capabilityDoc(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      for (const [field, message] of Object.entries(fields)) {
        if (typeof message === "string") expect(res.body.error.fields[field]).toBe(message);
        else expect(res.body.error.fields[field], JSON.stringify(res.body.error.fields)).toMatch(message);
      }
    }
    expect((await read(s)).body).toEqual(before);
  });

  it("refuses a document that leaves a field out, and ids that are not in the master lists", async () => {
    const s = await registerVerified("SUPPLIER");
    const { processIds: _, ...withoutProcesses } = capabilityDoc({ quantityUnit: "個" });
    const missing = await update(s, withoutProcesses);
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.processIds).toContain("[]");
    const { moqMin: __, ...withoutMoq } = capabilityDoc();
    expect((await update(s, withoutMoq)).body.error.fields.moqMin).toBe(MISSING_FIELD);

    const unknown = await update(
      s,
      capabilityDoc({ processIds: [processes[0]!.id, 999_999], materialIds: [888_888] }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual({
      processIds: "存在しない加工が含まれています",
      materialIds: "存在しない素材が含まれています",
    });
    expect((await read(s)).body.processes).toEqual([]);
  });

  it("answers 401 signed out before reading the body, and 404 for another company or a buyer", async () => {
    const path = `/api/oem/company/${supplier.companyId}/capabilities`;
    expect((await api("GET", path)).status).toBe(401);
    const signedOut = await api("POST", `${path}/update`, { body: { moqMin: -1 } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.message).toMatch(/ログイン/);

    const other = await registerVerified("SUPPLIER");
    const before = (await read(supplier)).body;
    expect((await api("GET", path, { token: other.token })).status).toBe(404);
    const foreign = await api("POST", `${path}/update`, {
      token: other.token,
      body: capabilityDoc({ quantityUnit: "個", moqMin: 1 }),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toMatch(/見つかりません/);
    expect((await read(supplier)).body).toEqual(before);

    // A buyer, even on its own company: capabilities are a supplier's.
    const buyer = await registerVerified("BUYER");
    expect(
      (await api("GET", `/api/oem/company/${buyer.companyId}/capabilities`, { token: buyer.token })).status,
    ).toBe(404);
  });

  it("shows only what is registered on the public page", async () => {
    const s = await registerVerified("SUPPLIER", { companyName: "公開能力工業株式会社" });
    const blank = await api("GET", `/api/oem/${s.companyId}`);
    expect(blank.status).toBe(200);
    expect(blank.body.capabilities).toEqual({
      quantityUnit: null,
      moqMin: null,
      moqMax: null,
      monthlyCapacity: null,
      smallLotAccepted: null,
      smallLotMin: null,
      sampleAvailable: null,
      sampleDays: null,
      processes: [],
      materials: [],
    });
    expect(blank.body.verifiedCertifications).toEqual([]);

    const p = processes[3]!;
    expect(
      (
        await update(
          s,
          capabilityDoc({ quantityUnit: "本", moqMin: 3000, sampleAvailable: false, processIds: [p.id] }),
        )
      ).status,
    ).toBe(200);
    const shown = await api("GET", `/api/oem/${s.companyId}`);
    expect(shown.body.capabilities).toMatchObject({
      quantityUnit: "本",
      moqMin: 3000,
      moqMax: null,
      sampleAvailable: false,
      processes: [{ id: p.id, name: p.name }],
      materials: [],
    });
  });
});
