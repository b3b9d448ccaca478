import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Listing } from "@/lib/console-listing";
import { paginated } from "@/lib/pagination";
import type { AppEnv } from "../../context";
import { errors } from "../../openapi";
import type { newRouter } from "../../router";

// The owner console (運営): every call needs an operator token; members get 403.

export const tags = ["Owner"];
export const base = { 401: errors[401], 403: errors[403], 422: errors[422] } as const;
export const one = { ...base, 404: errors[404] } as const;
export const change = { ...one, 409: errors[409] } as const;

/** A page of JSON, or with `format=csv` the whole filtered list (≤10,000 rows) as a CSV file. */
export function list<T extends z.ZodType>(item: T, description: string) {
  return {
    description: `${description}（format=csv のときはUTF-8・BOM付きのCSVファイル、最大10,000行）`,
    content: {
      "application/json": {
        schema: paginated(item).extend({
          totalCapped: z
            .literal(true)
            .optional()
            .describe(
              "該当が10,000件を超えるとき true。total は一覧でたどれる10,000件、件数は totalEstimate",
            ),
          totalEstimate: z
            .number()
            .int()
            .optional()
            .describe("totalCapped のとき、データベースの統計による該当件数の見積もり（概数）"),
        }),
      },
      "text/csv": { schema: z.string().openapi({ type: "string", description: "ヘッダーは日本語" }) },
    },
  };
}

export function answer<T>(c: Context<AppEnv>, out: Listing<T>) {
  if ("kind" in out) {
    return c.body(out.body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${out.filename}"`,
      "X-Total-Count": String(out.total),
    });
  }
  return c.json(out, 200);
}

export type OwnerRouter = ReturnType<typeof newRouter>;
