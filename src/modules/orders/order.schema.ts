import { z } from "zod";
import { isCalendarDate } from "@/lib/japan-time";
import { optionalText, requiredText } from "@/lib/validation";
import type { PaymentTerms } from "./payment.policy";

// The orders API contract (docs/orders.md). Every figure of an order is a number the buyer
// confirmed in the form, never read from free text; messages are Japanese, field by field.

export const MAX_DELIVERIES = 12;
export const MAX_PAID_MATERIALS = 10;
export const ORDERS_PAGE = 20;

const int = (label: string, min: number, max: number, unit = "") =>
  z
    .number(`${label}は数字で入力してください`)
    .int(`${label}は整数で入力してください`)
    .min(min, `${label}は${min.toLocaleString("ja-JP")}${unit}以上で入力してください`)
    .max(max, `${label}は${max.toLocaleString("ja-JP")}${unit}以下で入力してください`);
const yen = (label: string) => int(label, 0, 2_147_483_647, "円");
const isoDate = (label: string) =>
  z
    .string(`${label}を入力してください`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}は YYYY-MM-DD で入力してください`)
    .refine(isCalendarDate, `${label}は実在する日付で入力してください`);
const dayOfMonth = (label: string) =>
  z
    .number(`${label}を選んでください`)
    .int(`${label}を選んでください`)
    .min(1, `${label}は1〜28日または末日（31）で選んでください`)
    .max(31, `${label}は1〜28日または末日（31）で選んでください`)
    .refine((d) => d <= 28 || d === 31, `${label}は1〜28日または末日（31）で選んでください`);

/**
 * 支払条件: CLOSING (締め日・支払月・支払日, e.g. 月末締め翌月末払い) or FIXED (a date per delivery).
 * One object, not a union, so a wrong field is named as itself whatever `kind` is.
 */
export const paymentTermsInput = z
  .object({
    kind: z.enum(["CLOSING", "FIXED"], "支払条件を選んでください"),
    closingDay: dayOfMonth("締め日").optional(),
    monthsLater: z
      .number("支払月を選んでください")
      .int("支払月を選んでください")
      .min(0, "支払月は当月・翌月・翌々月・3か月後から選んでください")
      .max(3, "支払月は当月・翌月・翌々月・3か月後から選んでください")
      .optional(),
    payDay: dayOfMonth("支払日").optional(),
  })
  .superRefine((t, ctx) => {
    if (t.kind !== "CLOSING") return;
    if (t.closingDay === undefined)
      ctx.addIssue({ code: "custom", path: ["closingDay"], message: "締め日を選んでください" });
    if (t.monthsLater === undefined)
      ctx.addIssue({ code: "custom", path: ["monthsLater"], message: "支払月を選んでください" });
    if (t.payDay === undefined)
      ctx.addIssue({ code: "custom", path: ["payDay"], message: "支払日を選んでください" });
  });
export type PaymentTermsInput = z.infer<typeof paymentTermsInput>;

/** The checked input as the policy's terms (the refinement above guarantees the CLOSING fields). */
export function paymentTermsOf(t: PaymentTermsInput): PaymentTerms {
  if (t.kind === "FIXED") return { kind: "FIXED" };
  return {
    kind: "CLOSING",
    closingDay: t.closingDay!,
    monthsLater: t.monthsLater as 0 | 1 | 2 | 3,
    payDay: t.payDay!,
  };
}

export const paymentMethodInput = z.enum(
  ["BANK_TRANSFER", "ELECTRONIC_CLAIM", "PROMISSORY_NOTE"],
  "支払方法を選んでください",
);

export const deliveryInput = z.object({
  date: isoDate("納期"),
  quantity: int("納入数量", 1, 1_000_000_000),
  /** 支払期日 set by hand: only with payment terms FIXED. */
  paymentDue: isoDate("支払期日").optional(),
});

export const paidMaterialInput = z.object({
  item: requiredText("支給品名", 100),
  quantity: int("支給数量", 1, 1_000_000_000),
  unit: requiredText("支給品の単位", 10),
  unitPriceYen: yen("支給単価"),
  handoverDate: isoDate("引渡日"),
  settlementDate: isoDate("決済期日"),
  settlementMethod: requiredText("決済方法", 100),
});

export const openTermInput = z.object({
  field: z.enum(["SPECIFICATION", "PLACE", "INSPECTION"], "未定事項の項目を選んでください"),
  reason: requiredText("定められない理由", 500),
  expectedBy: isoDate("確定予定日"),
});

const partyFactsInput = z.object({
  capitalYen: z
    .number("資本金は数字（円）で入力してください")
    .int("資本金は整数（円）で入力してください")
    .min(0, "資本金は0円以上で入力してください")
    .max(Number.MAX_SAFE_INTEGER, "資本金が大きすぎます")
    .nullable()
    .optional(),
  employeeCount: int("従業員数", 0, 10_000_000).nullable().optional(),
  individual: z.boolean("個人事業主かどうかを選んでください").nullable().optional(),
});

export const orderInput = z.object({
  /** The quote version the buyer looked at (a newer one → 409). */
  quoteVersion: int("見積の版", 1, 10_000),
  quantity: int("数量", 1, 1_000_000_000),
  includeTooling: z.boolean("版代・金型代を含めるか選んでください").default(true),
  includeSample: z.boolean("サンプル費用を含めるか選んでください").default(false),
  deliveries: z
    .array(deliveryInput, "納期を入力してください")
    .min(1, "納期を1つ以上入力してください")
    .max(MAX_DELIVERIES, `納期は${MAX_DELIVERIES}回までです`),
  place: z
    .object({ address: requiredText("納入場所", 200), contact: optionalText("納入先の担当者・連絡先", 100) })
    .nullable()
    .default(null),
  inspection: z.object({
    required: z.boolean("検査の有無を選んでください"),
    daysAfterReceipt: int("検査完了までの日数", 1, 60, "日").nullable().optional(),
  }),
  payment: z.object({
    terms: paymentTermsInput,
    method: paymentMethodInput,
    methodDetail: optionalText("支払方法の詳細", 200),
    /** 電子記録債権: the buyer confirms the full amount can be had in cash by the due date. */
    cashableConfirmed: z.boolean().default(false),
  }),
  paidMaterials: z
    .array(paidMaterialInput)
    .max(MAX_PAID_MATERIALS, `有償支給材は${MAX_PAID_MATERIALS}件までです`)
    .default([]),
  openTerms: z.array(openTermInput).max(3, "未定事項は3件までです").default([]),
  /** Figures asked for when a company's are missing: the buyer's are saved to the buyer company. */
  facts: z.object({ buyer: partyFactsInput.optional(), supplier: partyFactsInput.optional() }).optional(),
  /** Outside the act's scope an advised rule may be set aside with a reason (never 手形). */
  overrideReason: optionalText("基準外とする理由", 500),
  notes: optionalText("備考", 1000),
  /** 「同じ条件で再発注」: the past order of the same thread it was prefilled from. */
  reorderOf: z.uuid("再発注元の発注が正しくありません").optional(),
});
export type OrderInput = z.infer<typeof orderInput>;

export const answerInput = z.discriminatedUnion(
  "answer",
  [
    z.object({ answer: z.literal("ACCEPT") }),
    z.object({ answer: z.literal("RETURN"), reason: requiredText("差し戻しの理由", 1000) }),
  ],
  "受注するか差し戻すかを選んでください",
);

export const changeInput = z.object({
  /** The version the change starts from (a newer one → 409). */
  fromVersion: int("変更元の版", 1, 10_000),
  quantity: int("数量", 1, 1_000_000_000).optional(),
  unitPriceYen: yen("単価").optional(),
  deliveries: z
    .array(deliveryInput)
    .min(1)
    .max(MAX_DELIVERIES, `納期は${MAX_DELIVERIES}回までです`)
    .optional(),
  place: z
    .object({ address: requiredText("納入場所", 200), contact: optionalText("納入先の担当者・連絡先", 100) })
    .optional(),
  reason: requiredText("変更の理由", 1000),
  /** Whose cause the change is: a lower price only when it is the supplier's (recorded). */
  reasonParty: z.enum(["BUYER", "SUPPLIER"], "変更の原因がどちらにあるかを選んでください"),
});
export type ChangeInput = z.infer<typeof changeInput>;

export const changeAnswerInput = z.discriminatedUnion(
  "answer",
  [
    z.object({ answer: z.literal("ACCEPT") }),
    z.object({ answer: z.literal("REJECT"), reason: requiredText("承諾しない理由", 1000) }),
  ],
  "承諾するか承諾しないかを選んでください",
);

export const supplementInput = z.object({
  field: z.enum(["SPECIFICATION", "PLACE", "INSPECTION"], "確定する未定事項を選んでください"),
  /** SPECIFICATION: the text; PLACE: the address (+ contact); INSPECTION: days after receipt. */
  specification: optionalText("仕様の詳細", 2000),
  place: z
    .object({ address: requiredText("納入場所", 200), contact: optionalText("納入先の担当者・連絡先", 100) })
    .optional(),
  inspectionDays: int("検査完了までの日数", 1, 60, "日").optional(),
});
export type SupplementInput = z.infer<typeof supplementInput>;

export const consultationInput = z.object({
  drivers: z
    .array(
      z.object({
        driver: z.enum(["MATERIAL", "LABOUR", "ENERGY", "OTHER"], "コストの要因を選んでください"),
        percent: z
          .number("上昇率は数字で入力してください")
          .min(-100, "上昇率は-100%以上で入力してください")
          .max(1000, "上昇率は1000%以下で入力してください")
          .nullable()
          .default(null),
        note: requiredText("要因の説明", 500),
      }),
    )
    .min(1, "コストの要因を1つ以上入力してください")
    .max(4, "コストの要因は4つまでです"),
  requestedUnitPriceYen: yen("希望単価").nullable().default(null),
  message: requiredText("協議の依頼内容", 2000),
  /** Evidence uploaded with POST /api/deals/files by the supplier. */
  evidenceFileIds: z.array(z.uuid("根拠資料が正しくありません")).max(5, "根拠資料は5つまでです").default([]),
});
export type ConsultationInput = z.infer<typeof consultationInput>;

export const consultationAnswerInput = z.object({
  answer: z.enum(["ACCEPT", "COUNTER", "EXPLAIN"], "回答の種類を選んでください"),
  message: requiredText("回答内容", 2000),
  counterUnitPriceYen: yen("提示単価").nullable().default(null),
});
export type ConsultationAnswerInput = z.infer<typeof consultationAnswerInput>;

export const ordersQuery = z.object({
  /** Only the orders of one deal thread (the thread page). */
  threadId: z.uuid("商談スレッドの指定が正しくありません").optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, "件数は1以上で指定してください")
    .max(100, "件数は100以下で指定してください")
    .default(ORDERS_PAGE),
});
