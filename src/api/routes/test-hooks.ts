import { Hono } from "hono";
import { z } from "zod";
import { fieldErrorsOf } from "@/lib/validation";
import { refundDueTickets } from "@/modules/billing/billing.service";
import { advanceAppClock, appClockOffsetMs, appNow, resetAppClock } from "@/server/clock";
import { db } from "@/server/db/client";
import { AppError, invalid } from "@/server/http/errors";
import type { AppEnv } from "../context";

// Test builds only (docs/reliability.md "Test hooks"): src/api/app.ts registers these when
// TEST_HOOKS=1 (never with APP_ENV=production, src/env.ts); otherwise the paths answer 404 like any
// unknown API path. A plain Hono router, so they are never in the OpenAPI document. No sign-in:
// they exist for a browser journey to let five business days pass and to run the refund job
// without waiting for its 5-minute schedule.

const DAY_MS = 86_400_000;

const clockInput = z.object({
  advanceMs: z
    .number({ error: "進める時間をミリ秒の数値で指定してください" })
    .int("進める時間は整数のミリ秒で指定してください")
    .min(0, "時計は進めることだけができます（0以上）")
    .max(400 * DAY_MS, "一度に進められるのは400日までです")
    .optional(),
  reset: z.literal(true, { error: "時計を戻すときは reset に true を指定してください" }).optional(),
});

async function jsonBody(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError("BAD_REQUEST", "リクエストの形式が正しくありません。");
  }
}

export function testHookRoutes() {
  const r = new Hono<AppEnv>();

  // POST /api/test-hooks/clock – {advanceMs} moves the app clock forward; {reset: true} puts it back first
  r.post("/test-hooks/clock", async (c) => {
    const body = await jsonBody(c);
    const parsed = clockInput.safeParse(body);
    if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));
    const { advanceMs, reset } = parsed.data;
    if (advanceMs === undefined && !reset)
      throw invalid({ advanceMs: "進める時間（advanceMs）を指定してください" });
    if (reset) resetAppClock();
    if (advanceMs !== undefined) advanceAppClock(advanceMs);
    const now = appNow();
    // the offset held, not a difference of two clock reads (a millisecond may pass between them)
    return c.json({ now: now.toISOString(), offsetMs: appClockOffsetMs() }, 200);
  });

  // POST /api/test-hooks/jobs/ticket-refunds – runs the refund job now, on the app clock
  r.post("/test-hooks/jobs/ticket-refunds", async (c) => {
    const now = appNow();
    const counts = await refundDueTickets(db(), now);
    return c.json({ ...counts, now: now.toISOString() }, 200);
  });

  return r;
}
