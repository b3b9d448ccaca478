import { z } from "zod";
import { listQuery } from "@/lib/console-listing";
import { requiredText } from "@/lib/validation";

// The console's news (/api/owner/news): drafts included, written only by the operator.

const keyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
const audience = z.enum(["ALL", "BUYER", "SUPPLIER"], { error: "対象の指定が正しくありません" });
const newsStatus = z.enum(["DRAFT", "PUBLISHED"], { error: "公開状態の指定が正しくありません" });

export const newsQuery = listQuery.extend({
  status: newsStatus.optional(),
  audience: audience.optional(),
  keyword,
});
export type NewsQuery = z.infer<typeof newsQuery>;

const publishedAt = z.iso
  .datetime({ offset: true, error: "公開日時の形式が正しくありません（例: 2026-04-01T09:00:00+09:00）" })
  .nullable()
  .optional();

export const newsInput = z.object({
  title: requiredText("タイトル", 200),
  body: requiredText("本文", 10_000),
  audience: audience.default("ALL"),
  status: newsStatus.default("DRAFT"),
  publishedAt,
});
export type NewsInput = z.infer<typeof newsInput>;

export const newsUpdateInput = z
  .object({
    title: requiredText("タイトル", 200).optional(),
    body: requiredText("本文", 10_000).optional(),
    audience: audience.optional(),
    status: newsStatus.optional(),
    publishedAt,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "変更する項目を指定してください" });
export type NewsUpdateInput = z.infer<typeof newsUpdateInput>;

export const ownerNewsItem = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience,
  status: newsStatus,
  publishedAt: z.string().nullable(),
  createdByOwnerId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnerNewsItem = z.infer<typeof ownerNewsItem>;
