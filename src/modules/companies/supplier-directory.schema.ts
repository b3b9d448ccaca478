import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import { MAX_INT_ID } from "@/lib/validation";
import { QUANTITY_UNITS } from "@/modules/master-data/master-data.schema";
import { capabilityFigures, MAX_QUANTITY, verifiedCertification } from "./capabilities.schema";

export const HIDDEN_NAME = "企業名非公開";

// Ids beyond the column's range are refused here (a prefecture id is a smallint, 1–47).
const idArray = (label: string, max: number) =>
  z
    .array(
      z
        .number({ error: `${label}の指定が正しくありません` })
        .int(`${label}の指定が正しくありません`)
        .positive(`${label}の指定が正しくありません`)
        .max(max, `${label}の指定が正しくありません`),
      { error: `${label}の指定が正しくありません` },
    )
    .max(47, `${label}の指定が多すぎます`);

/** In a JSON body: an array of numbers, as JSON types them. */
const idList = (label: string, max = MAX_INT_ID) => idArray(label, max).optional().default([]);

/** In a query string: `?categoryIds=1&categoryIds=2` or `?categoryIds=1,2`, text turned into numbers. */
const idQuery = (label: string, max = MAX_INT_ID) =>
  z
    .union([z.array(z.coerce.number()), z.string().transform((s) => (s ? s.split(",").map(Number) : []))])
    .pipe(idArray(label, max))
    .optional()
    .default([]);

// A quantity of the capability filters: a whole number 1–MAX_QUANTITY (MOQ, monthly capacity).
const quantity = (label: string, number: z.ZodNumber) =>
  number
    .int(`${label}は整数で入力してください`)
    .min(1, `${label}は1以上で入力してください`)
    .max(MAX_QUANTITY, `${label}は10億以下で入力してください`);
const quantityBody = (label: string) =>
  quantity(label, z.number({ error: `${label}は数値で入力してください` }));
/** In a query string the number arrives as text. */
const quantityQuery = (label: string) =>
  quantity(label, z.coerce.number({ error: `${label}は数値で入力してください` }));

const searchUnit = z.enum(QUANTITY_UNITS, { error: "数量の単位の指定が正しくありません" });

export const supplierSort = z.enum(["recommended", "newest", "cases"], {
  error: "並び順の指定が正しくありません",
});

/** Filters of the public supplier search; GET /api/oem takes them as query, POST /api/oem/search as body. */
export const supplierSearchFilters = z.object({
  keyword: z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional(),
  categoryIds: idList("カテゴリ"),
  prefectureIds: idList("都道府県", 47),
  featureIds: idList("特徴"),
  /** Held verified and unexpired (「認証確認済み」): every one of them. */
  certificationIds: idList("認証・許可"),
  /** The supplier's MOQ is at most this (suppliers without a registered MOQ do not match). */
  moqMax: quantityBody("MOQ").optional(),
  /** The supplier's monthly capacity is at least this. */
  capacityMin: quantityBody("月産能力").optional(),
  /** Every one of these processes is offered. */
  processIds: idList("加工"),
  /** Compares the MOQ and the capacity in this unit only (without it, in any unit). */
  quantityUnit: searchUnit.optional(),
  sort: supplierSort.default("recommended"),
});
export type SupplierSearchFilters = z.infer<typeof supplierSearchFilters>;

export const supplierSearchQuery = paginationQuery.extend({
  ...supplierSearchFilters.shape,
  categoryIds: idQuery("カテゴリ"),
  prefectureIds: idQuery("都道府県", 47),
  featureIds: idQuery("特徴"),
  certificationIds: idQuery("認証・許可"),
  moqMax: quantityQuery("MOQ").optional(),
  capacityMin: quantityQuery("月産能力").optional(),
  processIds: idQuery("加工"),
});
export type SupplierSearchQuery = z.infer<typeof supplierSearchQuery>;

const named = z.object({ id: z.number(), name: z.string() });

export const supplierCard = z.object({
  id: z.string(),
  name: z.string(),
  namePublished: z.boolean(),
  catchphrase: z.string().nullable(),
  prefectureName: z.string().nullable(),
  categories: z.array(named),
  features: z.array(named),
  logoUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  caseCount: z.number(),
  isPaid: z.boolean(),
  /** 「認証確認済み」 certifications and licences, in the master list's order. */
  verifiedCertifications: z.array(verifiedCertification),
  /** The unit of moqMin and monthlyCapacity; null when none is registered. */
  quantityUnit: z.string().nullable(),
  moqMin: z.number().nullable(),
  monthlyCapacity: z.number().nullable(),
});
export type SupplierCard = z.infer<typeof supplierCard>;

const image = z.object({ id: z.string(), url: z.string(), caption: z.string().nullable() });

export const publicCaseStudy = z.object({
  id: z.string(),
  title: z.string(),
  categoryName: z.string().nullable(),
  clientIndustry: z.string().nullable(),
  body: z.string(),
  lotSize: z.string().nullable(),
  period: z.string().nullable(),
  images: z.array(image),
});

// The public page has the figures in its `capabilities`.
const cardOnly = { quantityUnit: true, moqMin: true, monthlyCapacity: true } as const;

export const publicSupplier = supplierCard.omit(cardOnly).extend({
  nameKana: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  representativeName: z.string().nullable(),
  establishedYear: z.number().nullable(),
  capitalYen: z.number().nullable(),
  employeeCount: z.number().nullable(),
  address: z.string().nullable(),
  strengths: z.string().nullable(),
  minimumLot: z.string().nullable(),
  leadTime: z.string().nullable(),
  capacity: z.string().nullable(),
  certifications: z.string().nullable(),
  services: z.string().nullable(),
  priceRange: z.string().nullable(),
  factories: z.array(z.object({ name: z.string(), prefectureName: z.string() })),
  gallery: z.array(image),
  caseStudies: z.array(publicCaseStudy),
  /** Structured capabilities (issue 20): null or [] where nothing is registered. */
  capabilities: capabilityFigures,
  /** 「認証確認済み」: certificates the operator verified that have not expired. */
  verifiedCertifications: z.array(verifiedCertification),
  updatedAt: z.string(),
});
export type PublicSupplier = z.infer<typeof publicSupplier>;
