// A supplier's certificates and licences (issue 20, docs/capabilities-plan.md): uploaded with a PDF,
// JPEG or PNG document (10 MB), listed with their review, downloaded by the supplier's members only,
// deleted with the badge recomputed; the public page shows only verified, unexpired ones.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { env, setEnvForTests } from "@/env";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { db } from "@/server/db/client";
import { supplierCertifications, supplierProfiles } from "@/server/db/schema";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, registerVerified } from "../factories/accounts";
import { addGeneralMember } from "../factories/actors";
import {
  addCertification,
  CERTIFICATE_PDF,
  certificationForm,
  certificationTypeId,
  reviewCertification,
  uploadCertification,
} from "../factories/certifications";
import { api } from "../factories/http";
import { itConcurrently } from "../support/concurrency";

let dir: string;
let supplier: Account;
let other: Account;
let iso9001: number;
let haccp: number;
let cosmetics: number;

const base = (a: Account) => `/api/oem/company/${a.companyId}/certifications`;
const list = async (a: Account) => (await api("GET", base(a), { token: a.token })).body;
const remove = (a: Account, id: string) => api("POST", `${base(a)}/${id}/delete`, { token: a.token });
const verifiedIds = async (companyId: string) =>
  (
    await db()
      .select({ ids: supplierProfiles.verifiedCertificationIds })
      .from(supplierProfiles)
      .where(eq(supplierProfiles.companyId, companyId))
  )[0]!.ids;
const publicBadges = async (companyId: string) =>
  (await api("GET", `/api/oem/${companyId}`)).body.verifiedCertifications.map(
    (c: { name: string }) => c.name,
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-certifications-"));
  setStorage(new LocalDiskStorage(dir));
  [supplier, other] = await Promise.all([
    registerVerified("SUPPLIER", { companyName: "認証精機株式会社" }),
    registerVerified("SUPPLIER", { companyName: "他社認証株式会社" }),
  ]);
  [iso9001, haccp, cosmetics] = await Promise.all([
    certificationTypeId("iso-9001"),
    certificationTypeId("haccp"),
    certificationTypeId("cosmetics-manufacturing"),
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("uploading a certificate", () => {
  it("stores it as 確認待ち with its document, downloadable by the supplier's members", async () => {
    const expiresOn = addDays(todayInJapan(), 400);
    const res = await uploadCertification(supplier, {
      certificationTypeId: iso9001,
      number: "JQA-QMA12345",
      issuer: "一般財団法人日本品質保証機構",
      expiresOn,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      certificationTypeId: iso9001,
      certificationTypeName: "ISO 9001",
      kind: "CERTIFICATION",
      number: "JQA-QMA12345",
      issuer: "一般財団法人日本品質保証機構",
      expiresOn,
      status: "PENDING",
      standing: "PENDING",
      standingLabel: "確認待ち",
      isExpired: false,
      rejectionReason: null,
      document: { name: "ISO9001登録証.pdf", contentType: "application/pdf" },
    });
    const id = res.body.id;
    expect(res.body.document.url).toBe(`${base(supplier)}/${id}/document`);
    expect((await list(supplier)).items.map((c: { id: string }) => c.id)).toContain(id);

    const app = createApp();
    const download = async (who: Account, path: string) => {
      const r = await app.request(path, { headers: { authorization: `Bearer ${who.token}` } });
      return { status: r.status, headers: r.headers, text: await r.text() };
    };
    const general = await addGeneralMember(supplier.companyId);
    const got = await download(general, res.body.document.url);
    expect(got.status).toBe(200);
    expect(got.text).toBe(CERTIFICATE_PDF);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    // Another supplier: neither through its own path nor through ours.
    expect((await download(other, `${base(other)}/${id}/document`)).status).toBe(404);
    expect((await download(other, res.body.document.url)).status).toBe(404);
  });

  it("takes JPEG and PNG scans, without an expiry for a licence", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    for (const [data, name, type] of [
      [png, "許可証.png", "image/png"],
      [jpeg, "許可証.jpg", "image/jpeg"],
    ] as const) {
      const res = await api("POST", base(supplier), {
        token: supplier.token,
        body: certificationForm(
          { certificationTypeId: cosmetics, number: "13AZ200123", issuer: "東京都", expiresOn: "" },
          { data: new Uint8Array(data), name, type },
        ),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ kind: "LICENSE", expiresOn: null, document: { contentType: type } });
    }
  });

  it("refuses bad fields with Japanese field errors, before storing anything", async () => {
    const s = await registerVerified("SUPPLIER");
    const send = (fields: Record<string, string | number | undefined>) =>
      api("POST", base(s), { token: s.token, body: certificationForm(fields) });
    const valid = { certificationTypeId: iso9001, number: "A-1", issuer: "審査機関" };
    const cases: Array<[Record<string, string | number | undefined>, string, RegExp]> = [
      [{ ...valid, certificationTypeId: undefined }, "certificationTypeId", /種類を選択/],
      [{ ...valid, certificationTypeId: "ISO" }, "certificationTypeId", /種類を選択/],
      [{ ...valid, certificationTypeId: 999_999 }, "certificationTypeId", /一覧から選択/],
      [{ ...valid, number: " " }, "number", /番号を入力/],
      [{ ...valid, number: "1".repeat(101) }, "number", /100文字以内/],
      [{ ...valid, issuer: "" }, "issuer", /発行機関を入力/],
      [{ ...valid, expiresOn: "2027/03/31" }, "expiresOn", /形式が正しくありません/],
      [{ ...valid, expiresOn: "2027-02-30" }, "expiresOn", /形式が正しくありません/],
      [{ ...valid, expiresOn: addDays(todayInJapan(), -1) }, "expiresOn", /有効期限が過ぎています/],
      [{ ...valid, expiresOn: addDays(todayInJapan(), 365 * 40) }, "expiresOn", /30年以内/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await send(fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.error.fields[field], JSON.stringify(res.body.error)).toMatch(message);
    }
    const noFile = await api("POST", base(s), { token: s.token, body: certificationForm(valid, null) });
    expect(noFile.status).toBe(422);
    expect(noFile.body.error.fields.file).toMatch(/ファイルを選択/);
    // Today is still valid (the last valid day).
    expect((await send({ ...valid, expiresOn: todayInJapan() })).status).toBe(201);
    expect((await list(s)).total).toBe(1);
  });

  it("refuses documents that are not a PDF, JPEG or PNG by content, and files over 10 MB", async () => {
    const s = await registerVerified("SUPPLIER");
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    const fields = { certificationTypeId: haccp, number: "H-1", issuer: "保健所" };
    for (const file of [
      { data: "<html><script>alert(1)</script></html>", name: "証明書.pdf", type: "application/pdf" },
      { data: new Uint8Array(webp), name: "証明書.webp", type: "image/webp" },
      {
        data: `${CERTIFICATE_PDF}PK\u0005\u0006${"\u0000".repeat(18)}`,
        name: "zip入り.pdf",
        type: "application/pdf",
      },
    ]) {
      const res = await api("POST", base(s), { token: s.token, body: certificationForm(fields, file) });
      expect(res.status, file.name).toBe(415);
      expect(res.body.error.fields.file).toBe("証明書は PDF・JPEG・PNG のファイルを選択してください。");
    }
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooBig = await api("POST", base(s), {
      token: s.token,
      body: certificationForm(fields, { data: big, name: "大きな証明書.pdf", type: "application/pdf" }),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.fields.file).toMatch(/10MB以内/);
    const json = await api("POST", base(s), { token: s.token, body: fields });
    expect(json.status).toBe(415);
    expect((await list(s)).total).toBe(0);
  });

  it("keeps at most 30 certificates per company", async () => {
    const s = await registerVerified("SUPPLIER");
    const first = await addCertification(s, { certificationTypeId: iso9001 });
    const [row] = await db()
      .select()
      .from(supplierCertifications)
      .where(eq(supplierCertifications.id, first));
    const { id: _, ...copy } = row!;
    await db()
      .insert(supplierCertifications)
      .values(Array.from({ length: 29 }, (_, i) => ({ ...copy, number: `COPY-${i}` })));
    const refused = await uploadCertification(s, { certificationTypeId: haccp });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/30件まで/);
    expect((await list(s)).total).toBe(30);
    expect((await remove(s, first)).status).toBe(200);
    // Room for one again.
    expect((await uploadCertification(s, { certificationTypeId: haccp })).status).toBe(201);
    expect((await uploadCertification(s, { certificationTypeId: haccp })).status).toBe(409);
    expect((await list(s)).total).toBe(30);
  });

  itConcurrently("of three concurrent uploads with room for one, exactly one gets it", async () => {
    const s = await registerVerified("SUPPLIER");
    const first = await addCertification(s, { certificationTypeId: iso9001 });
    const [row] = await db()
      .select()
      .from(supplierCertifications)
      .where(eq(supplierCertifications.id, first));
    const { id: _, ...copy } = row!;
    await db()
      .insert(supplierCertifications)
      .values(Array.from({ length: 28 }, (_, i) => ({ ...copy, number: `COPY-${i}` })));
    expect((await list(s)).total).toBe(29);
    const racing = await Promise.all(
      [1, 2, 3].map(() => uploadCertification(s, { certificationTypeId: haccp })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await list(s)).total).toBe(30);
  });

  it("answers 401 signed out before the form is read, and 404 on another supplier's company", async () => {
    const signedOut = await api("POST", base(supplier), { body: certificationForm({}) });
    expect(signedOut.status).toBe(401);
    expect((await api("GET", base(supplier))).status).toBe(401);
    const foreign = await api("POST", base(supplier), {
      token: other.token,
      body: certificationForm({ certificationTypeId: iso9001, number: "X", issuer: "Y" }),
    });
    expect(foreign.status).toBe(404);
    expect((await api("GET", base(supplier), { token: other.token })).status).toBe(404);
    const buyer = await registerVerified("BUYER");
    expect((await api("GET", base(buyer), { token: buyer.token })).status).toBe(404);
  });
});

describe("review standing, deletion and the public badges", () => {
  it("lists 確認待ち, 認証確認済み, 差し戻し with its reason, and 期限切れ", async () => {
    const s = await registerVerified("SUPPLIER");
    const pending = await addCertification(s, { certificationTypeId: iso9001 });
    const verified = await addCertification(s, { certificationTypeId: haccp });
    const rejected = await addCertification(s, { certificationTypeId: cosmetics });
    const lapsed = await addCertification(s, { certificationTypeId: iso9001 });
    await reviewCertification(verified, "VERIFIED");
    await reviewCertification(rejected, "REJECTED", { rejectionReason: "許可番号が読み取れません" });
    await reviewCertification(lapsed, "VERIFIED", { expiresOn: addDays(todayInJapan(), -1) });
    const byId = new Map((await list(s)).items.map((c: { id: string }) => [c.id, c]));
    expect(byId.get(pending)).toMatchObject({ standing: "PENDING", standingLabel: "確認待ち" });
    expect(byId.get(verified)).toMatchObject({ standing: "VERIFIED", standingLabel: "認証確認済み" });
    expect(byId.get(rejected)).toMatchObject({
      standing: "REJECTED",
      standingLabel: "差し戻し",
      rejectionReason: "許可番号が読み取れません",
    });
    expect(byId.get(lapsed)).toMatchObject({
      status: "VERIFIED",
      standing: "EXPIRED",
      standingLabel: "期限切れ",
      isExpired: true,
    });
  });

  it("shows only verified, unexpired certificates on the public page; a deletion takes the badge away", async () => {
    const s = await registerVerified("SUPPLIER", { companyName: "バッジ工業株式会社" });
    const isoOld = await addCertification(s, { certificationTypeId: iso9001 });
    const isoRenewal = await addCertification(s, { certificationTypeId: iso9001 });
    const haccpCert = await addCertification(s, { certificationTypeId: haccp });
    const cosmeticsCert = await addCertification(s, { certificationTypeId: cosmetics });
    const marked = await addCertification(s, { certificationTypeId: cosmetics });
    expect(await publicBadges(s.companyId)).toEqual([]);

    await reviewCertification(isoOld, "VERIFIED");
    await reviewCertification(haccpCert, "VERIFIED");
    await reviewCertification(cosmeticsCert, "REJECTED");
    // Marked expired by the daily check although its date is still ahead: no badge.
    await reviewCertification(marked, "VERIFIED", { expiredAt: new Date() });
    expect(await publicBadges(s.companyId)).toEqual(["ISO 9001", "HACCP"]);
    const page = await api("GET", `/api/oem/${s.companyId}`);
    expect(page.body.verifiedCertifications).toEqual([
      { id: iso9001, name: "ISO 9001", kind: "CERTIFICATION" },
      { id: haccp, name: "HACCP", kind: "CERTIFICATION" },
    ]);
    expect(JSON.stringify(page.body)).not.toContain("JQA-QMA12345"); // numbers and documents stay private

    // Deleting the verified HACCP removes its badge in the same request.
    expect((await remove(s, haccpCert)).status).toBe(200);
    expect(await verifiedIds(s.companyId)).toEqual([iso9001]);
    // The renewal is still pending: deleting the verified ISO certificate takes the ISO badge too.
    expect((await remove(s, isoOld)).body).toMatchObject({ ok: true });
    expect(await verifiedIds(s.companyId)).toEqual([]);
    expect(await publicBadges(s.companyId)).toEqual([]);
    // Once the renewal is verified, the badge is back.
    await reviewCertification(isoRenewal, "VERIFIED");
    expect(await publicBadges(s.companyId)).toEqual(["ISO 9001"]);
    // The supplier's own view of its capabilities carries the same badges.
    const own = await api("GET", `/api/oem/company/${s.companyId}/capabilities`, { token: s.token });
    expect(own.body.verifiedCertifications).toEqual([
      { id: iso9001, name: "ISO 9001", kind: "CERTIFICATION" },
    ]);
  });

  it("deletes only the company's own certificates: another one, or an unknown id, answers 404", async () => {
    const mine = await addCertification(supplier, { certificationTypeId: haccp });
    await reviewCertification(mine, "VERIFIED");
    const before = await verifiedIds(supplier.companyId);
    const res = await remove(other, mine); // other's company in the path, our certificate
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("証明書が見つかりませんでした。");
    expect((await remove(other, "not-a-uuid")).status).toBe(404);
    expect((await api("POST", `${base(supplier)}/${mine}/delete`, { token: other.token })).status).toBe(404);
    expect(await verifiedIds(supplier.companyId)).toEqual(before);
    expect((await list(supplier)).items.some((c: { id: string }) => c.id === mine)).toBe(true);
  });

  it("reads the public page's badges without a query of their own", async () => {
    const previous = env().QUERY_LOG;
    setEnvForTests({ QUERY_LOG: "1" });
    const app = createApp();
    setEnvForTests({ QUERY_LOG: previous });
    const queries = async (companyId: string) => {
      const res = await app.request(`/api/oem/${companyId}`);
      expect(res.status).toBe(200);
      return Number(/desc="(\d+) queries"/.exec(res.headers.get("server-timing") ?? "")?.[1]);
    };
    const plain = await registerVerified("SUPPLIER");
    const badged = await registerVerified("SUPPLIER");
    for (const type of [iso9001, haccp, cosmetics])
      await reviewCertification(await addCertification(badged, { certificationTypeId: type }), "VERIFIED");
    await queries(plain.companyId); // the master lists are read once per process
    const withNone = await queries(plain.companyId);
    expect(await queries(badged.companyId)).toBe(withNone);
  });
});
