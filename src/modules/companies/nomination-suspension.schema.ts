import { z } from "zod";

// The operator's stop on a buyer company's nominations (docs/trust.md "Suspension"): the reason the
// operator writes, the state the console shows, and the words the buyer sees while it lasts.

/** What a suspended buyer reads: on the nomination flow's page and as the API's 403. */
export const NOMINATIONS_SUSPENDED_MESSAGE =
  "現在、指名での依頼の送信を停止しています。詳しくはお問い合わせください。";

/** A reason the company reads in its email: a few words say nothing. */
export const MIN_SUSPENSION_REASON = 10;
export const MAX_SUSPENSION_REASON = 1000;

export const suspendNominationsInput = z.object({
  reason: z
    .string({ error: "停止の理由を入力してください" })
    .trim()
    .min(1, "停止の理由を入力してください")
    .min(MIN_SUSPENSION_REASON, `停止の理由は${MIN_SUSPENSION_REASON}文字以上で入力してください`)
    .max(MAX_SUSPENSION_REASON, `停止の理由は${MAX_SUSPENSION_REASON}文字以内で入力してください`),
});
export type SuspendNominationsInput = z.infer<typeof suspendNominationsInput>;

/** The stop as the console shows it; null while the company may send nominations. */
export const nominationSuspension = z
  .object({
    suspendedAt: z.string(),
    reason: z.string(),
    /** The operator who stopped them (null once that operator's record is gone). */
    by: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .nullable();
export type NominationSuspension = z.infer<typeof nominationSuspension>;

export const nominationSuspensionResult = z.object({
  companyId: z.string(),
  nominationSuspension,
});
export type NominationSuspensionResult = z.infer<typeof nominationSuspensionResult>;
