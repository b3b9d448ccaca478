import { OpenAPIHono } from "@hono/zod-openapi";
import { fieldErrorsOf, nulCharFields } from "@/lib/validation";
import type { AppEnv } from "./context";

const INVALID = "入力内容に誤りがあります。";

export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    // Invalid input answers 422 with a Japanese message per field.
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(
          {
            error: {
              code: "VALIDATION_FAILED",
              message: INVALID,
              fields: fieldErrorsOf(result.error as never),
            },
          },
          422,
        );
      }
      // PostgreSQL text cannot hold NUL: refuse it here, for every input, rather than fail in the database.
      const fields = nulCharFields(result.data);
      if (fields) return c.json({ error: { code: "VALIDATION_FAILED", message: INVALID, fields } }, 422);
    },
  });
}
