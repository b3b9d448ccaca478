import type { z } from "zod";
import * as L from "@/lib/owner/console-labels";
import { inquiryCountsByStatus } from "@/modules/inquiries/inquiry-operator.service";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import type { CsvColumn } from "./csv";
import { iso, type Listing, listing, pageOf } from "./listing";
import * as repo from "./owner.repository";
import type {
  BuyersQuery,
  OwnerBuyerItem,
  OwnerSupplierItem,
  ownerBuyerDetail,
  ownerSupplierDetail,
  SuppliersQuery,
} from "./owner.schema";

// The console's companies (buyers and suppliers, deactivated ones too).

export const COMPANY_NOT_FOUND = "企業が見つかりませんでした。";
const at = (s: string | null) => (s ? new Date(s) : null);

// ---------------------------------------------------------------- buyers and suppliers

function companyListFields(r: repo.BuyerRow | repo.SupplierRow) {
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
  { header: "状態", value: (r) => L.COMPANY_STATUS[r.status] },
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
  { header: "プラン", value: (r) => L.PAYMENT_STATUS[r.paymentStatus] },
  { header: "企業名公開", value: (r) => r.namePublished },
  { header: "チケット残数", value: (r) => r.ticketBalance },
  { header: "事例数", value: (r) => r.caseCount },
  { header: "エントリー数", value: (r) => r.entryCount },
  { header: "プロフィール充実度（%）", value: (r) => r.profileCompleteness },
  { header: "登録日時", value: (r) => at(r.createdAt) },
  { header: "退会日時", value: (r) => at(r.deactivatedAt) },
];

export async function listBuyers(db: Db, q: BuyersQuery): Promise<Listing<OwnerBuyerItem>> {
  const { rows, total } = await repo.listBuyers(db, q, pageOf(q));
  const items = rows.map((r) => ({ ...companyListFields(r), inquiryCount: Number(r.inquiryCount) }));
  return listing(q, items, total, { name: "buyers", columns: BUYER_CSV });
}

export async function listSuppliers(db: Db, q: SuppliersQuery): Promise<Listing<OwnerSupplierItem>> {
  const { rows, total } = await repo.listSuppliers(db, q, pageOf(q));
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

/** A company of the given type, deactivated or not; anything else answers 404. */
export async function companyOfType(db: Db, companyId: string, type: "BUYER" | "SUPPLIER") {
  const found = await repo.findCompany(db, companyId);
  if (!found || found.company.type !== type) throw notFound(COMPANY_NOT_FOUND);
  return found;
}

function companyInfo({ company: c, prefectureName }: repo.CompanyWithPrefecture) {
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
    address: c.address,
    phone: c.phone,
    website: c.website,
    representativeName: c.representativeName,
    establishedYear: c.establishedYear,
    capitalYen: c.capitalYen,
    employeeCount: c.employeeCount,
    industry: c.industry,
    description: c.description,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    deactivatedAt: iso(c.deactivatedAt),
  };
}

async function membersAndDeactivations(db: Db, companyId: string) {
  const [members, deactivations] = await Promise.all([
    repo.membersOf(db, companyId),
    repo.deactivationsOf(db, companyId),
  ]);
  return {
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      department: m.department,
      phone: m.phone,
      emailVerified: m.emailVerifiedAt !== null,
      joinedAt: m.joinedAt.toISOString(),
    })),
    deactivations: deactivations.map((d) => ({
      id: d.id,
      reasons: d.reasons,
      comment: d.comment,
      by: d.userEmail ? { name: d.userName ?? "", email: d.userEmail } : null,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}

export async function getBuyer(db: Db, companyId: string): Promise<z.infer<typeof ownerBuyerDetail>> {
  const found = await companyOfType(db, companyId, "BUYER");
  const [people, counts] = await Promise.all([
    membersAndDeactivations(db, companyId),
    inquiryCountsByStatus(db, companyId),
  ]);
  return {
    company: companyInfo(found),
    members: people.members,
    inquiryCount: counts.reduce((sum, c) => sum + Number(c.n), 0),
    inquiryCountsByStatus: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
    deactivations: people.deactivations,
  };
}

export async function getSupplier(db: Db, companyId: string): Promise<z.infer<typeof ownerSupplierDetail>> {
  const found = await companyOfType(db, companyId, "SUPPLIER");
  const [people, figures, profile, categories] = await Promise.all([
    membersAndDeactivations(db, companyId),
    repo.supplierFigures(db, companyId),
    repo.supplierProfileOf(db, companyId),
    repo.categoriesOfCompany(db, companyId),
  ]);
  return {
    company: companyInfo(found),
    profile: profile
      ? {
          catchphrase: profile.catchphrase,
          strengths: profile.strengths,
          minimumLot: profile.minimumLot,
          leadTime: profile.leadTime,
          capacity: profile.capacity,
          certifications: profile.certifications,
          services: profile.services,
          priceRange: profile.priceRange,
          profileCompleteness: profile.profileCompleteness,
        }
      : null,
    categories,
    members: people.members,
    caseCount: Number(figures.caseCount),
    entryCount: Number(figures.entryCount),
    nominationCount: Number(figures.nominationCount),
    ticketBalance: Number(figures.ticketBalance),
    deactivations: people.deactivations,
  };
}
