import { z as zo } from "@hono/zod-openapi";
import { z } from "zod";

// Shared pieces of route declarations, so every operation documents its errors the same way.
export const errorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export const bearer = [{ Bearer: [] }];
export const ownerBearer = [{ OwnerBearer: [] }];

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

export function body<T extends z.ZodType>(schema: T) {
  return { body: { content: { "application/json": { schema } }, required: true } };
}

const err = (description: string) => json(errorEnvelope, description);

export const errors = {
  401: err("ログインが必要です"),
  402: err("チケットまたはプランが必要です"),
  403: err("権限がありません"),
  404: err("見つかりません"),
  409: err("現在の状態では実行できません"),
  413: err("サイズが大きすぎます"),
  415: err("対応していない形式です"),
  422: err("入力内容に誤りがあります"),
  429: err("リクエストが多すぎます"),
} as const;

export const publicErrors = { 422: errors[422], 429: errors[429] } as const;
export const userErrors = { 401: errors[401], 403: errors[403], 422: errors[422] } as const;

/**
 * The Idempotency-Key header of writes a retry must not repeat: required in the document, checked
 * in the handler after the token (so a signed-out caller gets 401 before any 422).
 */
export const idempotencyHeader = zo.object({
  "idempotency-key": zo
    .string()
    .max(100)
    .optional()
    .openapi({
      param: { required: true },
      description:
        "送信（フォームの送信の試み）ごとに一度生成するキー。再送では最初の結果を返し、別の内容に使うと422",
    }),
});
