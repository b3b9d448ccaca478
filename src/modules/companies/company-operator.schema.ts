import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { nominationSuspension } from "./nomination-suspension.schema";

// The console's companies (/api/owner/buyer, /api/owner/oem): buyers and suppliers, deactivated ones too.

const keyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
const person = z.object({ name: z.string(), email: z.string() });
const companyStatus = z.enum(["ACTIVE", "DEACTIVATED"], { error: "状態の指定が正しくありません" });
const paymentStatus = z.enum(["OEM_FREE", "OEM_PAID"], { error: "支払い状態の指定が正しくありません" });

export const companySort = z
  .enum(["newest", "oldest", "name"], { error: "並び順の指定が正しくありません" })
  .default("newest");

export const buyersQuery = listQuery.extend({ keyword, status: companyStatus.optional(), sort: companySort });
export type BuyersQuery = z.infer<typeof buyersQuery>;

export const suppliersQuery = buyersQuery.extend({ paymentStatus: paymentStatus.optional() });
export type SuppliersQuery = z.infer<typeof suppliersQuery>;

const companyListFields = {
  id: z.string(),
  name: z.string(),
  nameKana: z.string().nullable(),
  status: companyStatus,
  prefectureName: z.string().nullable(),
  phone: z.string().nullable(),
  memberCount: z.number(),
  admin: person.nullable(),
  createdAt: z.string(),
  deactivatedAt: z.string().nullable(),
};

export const ownerBuyerItem = z.object({ ...companyListFields, inquiryCount: z.number() });
export type OwnerBuyerItem = z.infer<typeof ownerBuyerItem>;

export const ownerSupplierItem = z.object({
  ...companyListFields,
  paymentStatus,
  namePublished: z.boolean(),
  ticketBalance: z.number(),
  caseCount: z.number(),
  entryCount: z.number(),
  profileCompleteness: z.number(),
});
export type OwnerSupplierItem = z.infer<typeof ownerSupplierItem>;

const companyInfo = z.object({
  id: z.string(),
  type: z.enum(["BUYER", "SUPPLIER"]),
  status: companyStatus,
  name: z.string(),
  nameKana: z.string().nullable(),
  namePublished: z.boolean(),
  paymentStatus: paymentStatus.nullable(),
  postalCode: z.string().nullable(),
  prefecture: z.object({ id: z.number(), name: z.string() }).nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  representativeName: z.string().nullable(),
  establishedYear: z.number().nullable(),
  capitalYen: z.number().nullable(),
  employeeCount: z.number().nullable(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deactivatedAt: z.string().nullable(),
});

const companyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["ADMIN", "GENERAL"]),
  department: z.string().nullable(),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  joinedAt: z.string(),
});

const deactivation = z.object({
  id: z.string(),
  reasons: z.array(z.object({ id: z.number(), label: z.string() })),
  comment: z.string().nullable(),
  by: person.nullable(),
  createdAt: z.string(),
});

export const ownerBuyerDetail = z.object({
  company: companyInfo,
  members: z.array(companyMember),
  inquiryCount: z.number(),
  inquiryCountsByStatus: z.record(z.string(), z.number()),
  deactivations: z.array(deactivation),
  /** The operator's stop on the company's nominations (null: it may send them). */
  nominationSuspension,
});

export const ownerSupplierDetail = z.object({
  company: companyInfo,
  profile: z
    .object({
      catchphrase: z.string().nullable(),
      strengths: z.string().nullable(),
      minimumLot: z.string().nullable(),
      leadTime: z.string().nullable(),
      capacity: z.string().nullable(),
      certifications: z.string().nullable(),
      services: z.string().nullable(),
      priceRange: z.string().nullable(),
      profileCompleteness: z.number(),
    })
    .nullable(),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  members: z.array(companyMember),
  caseCount: z.number(),
  entryCount: z.number(),
  nominationCount: z.number(),
  ticketBalance: z.number(),
  deactivations: z.array(deactivation),
});
