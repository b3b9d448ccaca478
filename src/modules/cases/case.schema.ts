import { z } from "zod";
import { paginationQuery } from "@/lib/pagination";
import { clearable, clearableText, MAX_INT_ID, requiredList, requiredText } from "@/lib/validation";

export const caseInput = z.object({
  title: requiredText("タイトル", 100),
  categoryId: z
    .number("カテゴリを選択してください")
    .int("カテゴリを選択してください")
    .positive("カテゴリを選択してください")
    .max(MAX_INT_ID, "カテゴリを選択してください")
    .optional()
    .nullable(),
  clientIndustry: clearableText("依頼元の業種", 100).optional(),
  body: requiredText("事例の内容", 3000),
  lotSize: clearableText("ロット", 100).optional(),
  period: clearableText("期間", 100).optional(),
  status: z.enum(["PUBLISHED", "DRAFT"], { error: "公開状態を選択してください" }).default("DRAFT"),
  imageIds: z.array(z.uuid("画像が正しくありません")).max(5, "画像は5枚まで登録できます").default([]),
});

/** PUT replaces the whole case: every field is sent, null or [] clears it (docs/decisions/0005). */
export const caseUpdateInput = caseInput.extend({
  categoryId: clearable(caseInput.shape.categoryId.unwrap().unwrap()),
  clientIndustry: clearableText("依頼元の業種", 100),
  lotSize: clearableText("ロット", 100),
  period: clearableText("期間", 100),
  status: caseInput.shape.status.removeDefault(),
  imageIds: requiredList(z.uuid("画像が正しくありません")).max(5, "画像は5枚まで登録できます"),
});
export type CaseInput = z.infer<typeof caseInput> | z.infer<typeof caseUpdateInput>;

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
