import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import { MAX_INT_ID, optionalText, requiredText } from "@/lib/validation";

export const caseInput = z.object({
  title: requiredText("タイトル", 100),
  categoryId: z
    .number("カテゴリを選択してください")
    .int("カテゴリを選択してください")
    .positive("カテゴリを選択してください")
    .max(MAX_INT_ID, "カテゴリを選択してください")
    .optional()
    .nullable(),
  clientIndustry: optionalText("依頼元の業種", 100),
  body: requiredText("事例の内容", 3000),
  lotSize: optionalText("ロット", 100),
  period: optionalText("期間", 100),
  status: z.enum(["PUBLISHED", "DRAFT"], { error: "公開状態を選択してください" }).default("DRAFT"),
  imageIds: z.array(z.uuid("画像が正しくありません")).max(5, "画像は5枚まで登録できます").default([]),
});
export type CaseInput = z.infer<typeof caseInput>;

export const caseListQuery = paginationQuery.extend({
  status: z.enum(["PUBLISHED", "DRAFT"], { error: "公開状態の指定が正しくありません" }).optional(),
});

export const caseStudy = z.object({
  id: z.string(),
  companyId: z.string(),
  title: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  clientIndustry: z.string().nullable(),
  body: z.string(),
  lotSize: z.string().nullable(),
  period: z.string().nullable(),
  status: z.enum(["PUBLISHED", "DRAFT"]),
  images: z.array(z.object({ id: z.string(), url: z.string(), caption: z.string().nullable() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseStudy = z.infer<typeof caseStudy>;
