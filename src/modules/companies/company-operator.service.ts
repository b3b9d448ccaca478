import type { z } from "zod";
import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { inquiryCountsByStatus } from "@/modules/inquiries/inquiry-operator.service";
import type { Db, DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import * as repo from "./companies.repository";
import { companyFacts, profileFields } from "./company.service";
import * as ops from "./company-operator.repository";
import type {
  BuyersQuery,
  OwnerBuyerItem,
  OwnerSupplierItem,
  ownerBuyerDetail,
  ownerSupplierDetail,
  SuppliersQuery,
} from "./company-operator.schema";
import { nominationSuspensionOf } from "./nomination-suspension.service";

// The console's companies (buyers and suppliers, deactivated ones too): lists with CSV, and details.

export const COMPANY_NOT_FOUND = "企業が見つかりませんでした。";
const at = (s: string | null) => (s ? new Date(s) : null);
const COMPANY_STATUS = { ACTIVE: "利用中", DEACTIVATED: "退会済み" } as const;
const PAYMENT_STATUS = { OEM_FREE: "無料", OEM_PAID: "有料（無制限プラン）" } as const;

/** The members of a company as the console shows them (the members module reads them). */
export type MembersOf = (
  db: DbOrTx,
  companyId: string,
) => Promise<z.infer<typeof ownerBuyerDetail>["members"]>;

function companyListFields(r: ops.BuyerRow | ops.SupplierRow) {
  return {
    id: r.id,
    name: r.name,
    nameKana: r.nameKana,
    status: r.status,
    prefectureName: r.prefectureName,
    phone: r.phone,
    memberCount: Number(r.memberCount),
    admin: r.adminEmail ? { name: r.adminName ?? "", email: r.adminEmail } : null,
    createdAt: r.createdAt.toISOString(),
    deactivatedAt: iso(r.deactivatedAt),
  };
}

const companyColumns = <T extends OwnerBuyerItem | OwnerSupplierItem>(): Array<CsvColumn<T>> => [
  { header: "企業ID", value: (r) => r.id },
  { header: "企業名", value: (r) => r.name },
  { header: "企業名（カナ）", value: (r) => r.nameKana },
  { header: "状態", value: (r) => COMPANY_STATUS[r.status] },
  { header: "都道府県", value: (r) => r.prefectureName },
  { header: "電話番号", value: (r) => r.phone },
  { header: "管理者名", value: (r) => r.admin?.name },
  { header: "管理者メールアドレス", value: (r) => r.admin?.email },
  { header: "メンバー数", value: (r) => r.memberCount },
];

const BUYER_CSV: Array<CsvColumn<OwnerBuyerItem>> = [
  ...companyColumns<OwnerBuyerItem>(),
  { header: "問い合わせ数", value: (r) => r.inquiryCount },
  { header: "登録日時", value: (r) => at(r.createdAt) },
  { header: "退会日時", value: (r) => at(r.deactivatedAt) },
];

const SUPPLIER_CSV: Array<CsvColumn<OwnerSupplierItem>> = [
  ...companyColumns<OwnerSupplierItem>(),
  { header: "プラン", value: (r) => PAYMENT_STATUS[r.paymentStatus] },
  { header: "企業名公開", value: (r) => r.namePublished },
  { header: "チケット残数", value: (r) => r.ticketBalance },
  { header: "事例数", value: (r) => r.caseCount },
  { header: "エントリー数", value: (r) => r.entryCount },
  { header: "プロフィール充実度（%）", value: (r) => r.profileCompleteness },
  { header: "登録日時", value: (r) => at(r.createdAt) },
  { header: "退会日時", value: (r) => at(r.deactivatedAt) },
];

export async function listBuyers(db: Db, q: BuyersQuery): Promise<Listing<OwnerBuyerItem>> {
  const { rows, total } = await ops.listBuyers(db, q, pageOf(q));
  const items = rows.map((r) => ({ ...companyListFields(r), inquiryCount: Number(r.inquiryCount) }));
  return listing(q, items, total, { name: "buyers", columns: BUYER_CSV });
}

export async function listSuppliers(db: Db, q: SuppliersQuery): Promise<Listing<OwnerSupplierItem>> {
  const { rows, total } = await ops.listSuppliers(db, q, pageOf(q));
  const items = rows.map((r) => ({
    ...companyListFields(r),
    paymentStatus: r.paymentStatus ?? "OEM_FREE",
    namePublished: r.namePublished,
    ticketBalance: Number(r.ticketBalance),
    caseCount: Number(r.caseCount),
    entryCount: Number(r.entryCount),
    profileCompleteness: r.profileCompleteness ?? 0,
  }));
  return listing(q, items, total, { name: "suppliers", columns: SUPPLIER_CSV });
}

type Company = NonNullable<Awaited<ReturnType<typeof repo.findCompany>>>;

/** A company of the given type, deactivated or not; anything else answers 404. */
export async function companyOfType(db: DbOrTx, companyId: string, type: "BUYER" | "SUPPLIER") {
  const company = await repo.findCompany(db, companyId);
  if (!company || company.type !== type) throw notFound(COMPANY_NOT_FOUND);
  return company;
}

async function companyInfo(db: DbOrTx, c: Company) {
  const prefectureName = await repo.prefectureName(db, c.prefectureId);
  return {
    id: c.id,
    type: c.type,
    status: c.status,
    name: c.name,
    nameKana: c.nameKana,
    namePublished: c.namePublished,
    paymentStatus: c.paymentStatus,
    postalCode: c.postalCode,
    prefecture: c.prefectureId && prefectureName ? { id: c.prefectureId, name: prefectureName } : null,
    ...companyFacts(c),
    industry: c.industry,
    description: c.description,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    deactivatedAt: iso(c.deactivatedAt),
  };
}

async function deactivationsOf(db: DbOrTx, companyId: string) {
  const deactivations = await ops.deactivationsOf(db, companyId);
  return deactivations.map((d) => ({
    id: d.id,
    reasons: d.reasons,
    comment: d.comment,
    by: d.userEmail ? { name: d.userName ?? "", email: d.userEmail } : null,
    createdAt: d.createdAt.toISOString(),
  }));
}

export async function getBuyer(
  db: Db,
  companyId: string,
  membersOf: MembersOf,
): Promise<z.infer<typeof ownerBuyerDetail>> {
  const found = await companyOfType(db, companyId, "BUYER");
  const [company, members, deactivations, counts, suspension] = await Promise.all([
    companyInfo(db, found),
    membersOf(db, companyId),
    deactivationsOf(db, companyId),
    inquiryCountsByStatus(db, companyId),
    nominationSuspensionOf(db, companyId),
  ]);
  return {
    company,
    members,
    inquiryCount: counts.reduce((sum, c) => sum + Number(c.n), 0),
    inquiryCountsByStatus: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
    deactivations,
    nominationSuspension: suspension,
  };
}

export async function getSupplier(
  db: Db,
  companyId: string,
  membersOf: MembersOf,
): Promise<z.infer<typeof ownerSupplierDetail>> {
  const found = await companyOfType(db, companyId, "SUPPLIER");
  const [company, members, deactivations, figures, profile, categories] = await Promise.all([
    companyInfo(db, found),
    membersOf(db, companyId),
    deactivationsOf(db, companyId),
    ops.supplierFigures(db, companyId),
    repo.findProfile(db, companyId),
    repo.categoriesOf(db, [companyId]),
  ]);
  return {
    company,
    profile: profile ? { ...profileFields(profile), profileCompleteness: profile.profileCompleteness } : null,
    categories: categories.map(({ id, name }) => ({ id, name })),
    members,
    caseCount: Number(figures.caseCount),
    entryCount: Number(figures.entryCount),
    nominationCount: Number(figures.nominationCount),
    ticketBalance: Number(figures.ticketBalance),
    deactivations,
  };
}
