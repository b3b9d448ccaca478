import { z } from "zod";
import {
  CORPORATE_NUMBER_MESSAGE,
  isValidCorporateNumber,
  normalizeCorporateNumber,
} from "@/lib/corporate-number";
import {
  clearable,
  clearableText,
  idNumber,
  optionalText,
  phoneField,
  postalCodeField,
  requiredList,
  requiredText,
  urlField,
} from "@/lib/validation";

// A field of the complete document (PUT) that may be empty: "" or null clears it, absent is refused.
const optional = clearable;

// JSON bodies take JSON types: a number sent as text is refused, not coerced.
const prefectureId = z
  .number("都道府県を選択してください")
  .int("都道府県を選択してください")
  .min(1, "都道府県を選択してください")
  .max(47, "都道府県を選択してください");
const thisYear = new Date().getFullYear();

/** 法人番号: 13 digits with a valid check digit; full-width digits, spaces and hyphens are accepted and dropped. */
export const corporateNumberField = z
  .string(CORPORATE_NUMBER_MESSAGE)
  .max(40, CORPORATE_NUMBER_MESSAGE)
  .transform(normalizeCorporateNumber)
  .refine(isValidCorporateNumber, CORPORATE_NUMBER_MESSAGE);

/** Basic information (基本情報) of a company, buyer or supplier: the complete document, as PUT replaces it. */
export const companyBasicInput = z.object({
  name: requiredText("会社名", 100),
  nameKana: clearableText("会社名（カナ）", 100),
  postalCode: optional(postalCodeField),
  prefectureId: optional(prefectureId),
  address: clearableText("住所", 200),
  phone: optional(phoneField),
  website: optional(urlField),
  representativeName: clearableText("代表者名", 50),
  establishedYear: optional(
    z
      .number("設立年は数字で入力してください")
      .int("設立年は数字で入力してください")
      .min(1800, "設立年は1800年以降で入力してください")
      .max(thisYear, "設立年が未来になっています"),
  ),
  capitalYen: optional(
    z
      .number("資本金は数字で入力してください")
      .int("資本金は整数で入力してください")
      .min(0, "資本金は0円以上で入力してください")
      .max(1e15, "資本金が大きすぎます"),
  ),
  employeeCount: optional(
    z
      .number("従業員数は数字で入力してください")
      .int("従業員数は整数で入力してください")
      .min(1, "従業員数は1人以上で入力してください")
      .max(10_000_000, "従業員数が大きすぎます"),
  ),
  description: clearableText("会社紹介", 3000),
  logoFileId: optional(z.uuid("ロゴ画像が正しくありません")),
  // Optional (null or "" when none); a buyer's valid number shows as 「法人番号確認済み」 to suppliers.
  corporateNumber: optional(corporateNumberField),
});
export type CompanyBasicInput = z.infer<typeof companyBasicInput>;

export const companyBasic = z.object({
  id: z.string(),
  type: z.enum(["BUYER", "SUPPLIER"]),
  name: z.string(),
  nameKana: z.string().nullable(),
  namePublished: z.boolean(),
  paymentStatus: z.enum(["OEM_FREE", "OEM_PAID"]).nullable(),
  postalCode: z.string().nullable(),
  prefectureId: z.number().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  representativeName: z.string().nullable(),
  establishedYear: z.number().nullable(),
  capitalYen: z.number().nullable(),
  employeeCount: z.number().nullable(),
  description: z.string().nullable(),
  logoFileId: z.string().nullable(),
  logoUrl: z.string().nullable(),
  corporateNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const factoryInput = z.object({
  name: requiredText("工場名", 100),
  prefectureId,
  address: clearableText("工場の住所", 200).optional(),
});

const galleryInput = z.object({
  fileId: z.uuid("画像が正しくありません"),
  caption: clearableText("キャプション", 200).optional(),
});

/** OEM information (OEM情報) of a supplier: the complete document, as PUT replaces it ([] clears a list). */
export const oemInformationInput = z.object({
  catchphrase: clearableText("キャッチコピー", 100),
  strengths: clearableText("強み", 2000),
  minimumLot: clearableText("最小ロット", 200),
  leadTime: clearableText("納期の目安", 200),
  capacity: clearableText("生産能力", 500),
  certifications: clearableText("認証・許認可", 1000),
  services: clearableText("対応サービス", 1000),
  priceRange: clearableText("価格帯", 200),
  categoryIds: requiredList(idNumber("カテゴリ")).max(5, "カテゴリは5つまで選択できます"),
  featureIds: requiredList(idNumber("特徴")).max(12, "特徴は12個まで選択できます"),
  factories: requiredList(factoryInput).max(10, "工場は10拠点まで登録できます"),
  gallery: requiredList(galleryInput).max(10, "ギャラリー画像は10枚まで登録できます"),
});
export type OemInformationInput = z.infer<typeof oemInformationInput>;

const named = z.object({ id: z.number(), name: z.string() });
const imageRef = z.object({ id: z.string(), url: z.string(), caption: z.string().nullable() });

export const oemInformation = z.object({
  companyId: z.string(),
  catchphrase: z.string().nullable(),
  strengths: z.string().nullable(),
  minimumLot: z.string().nullable(),
  leadTime: z.string().nullable(),
  capacity: z.string().nullable(),
  certifications: z.string().nullable(),
  services: z.string().nullable(),
  priceRange: z.string().nullable(),
  categories: z.array(named),
  features: z.array(named),
  factories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefectureId: z.number(),
      prefectureName: z.string(),
      address: z.string().nullable(),
    }),
  ),
  gallery: z.array(imageRef),
  profileCompleteness: z.number(),
});

export const namePublishInput = z.object({
  namePublished: z.boolean({ error: "企業名の公開・非公開を選択してください" }),
});

export const additionalRegisterInput = companyBasicInput
  .pick({
    name: true,
    nameKana: true,
    postalCode: true,
    prefectureId: true,
    address: true,
    phone: true,
    website: true,
  })
  // Registering a company is not a PUT: the contact fields may be left out.
  .partial({
    nameKana: true,
    postalCode: true,
    prefectureId: true,
    address: true,
    phone: true,
    website: true,
  })
  .extend({
    personName: requiredText("お名前", 50),
    department: optionalText("部署名", 100),
  });
export type AdditionalRegisterInput = z.infer<typeof additionalRegisterInput>;

export const reasonRecordInput = z.object({
  companyId: z.uuid("企業が正しくありません"),
  reasonIds: z
    .array(idNumber("退会理由"))
    .min(1, "退会理由を1つ以上選択してください")
    .max(20, "退会理由の選択が多すぎます"),
  comment: optionalText("ご意見・ご要望", 2000),
});
