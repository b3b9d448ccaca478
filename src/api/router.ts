import { OpenAPIHono } from "@hono/zod-openapi";
import { fieldErrorsOf } from "@/lib/validation";
import type { AppEnv } from "./context";

export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    // Invalid input answers 422 with a Japanese message per field.
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(
          {
            error: {
              code: "VALIDATION_FAILED",
              message: "入力内容に誤りがあります。",
              fields: fieldErrorsOf(result.error as never),
            },
          },
          422,
        );
      }
    },
  });
}
