import { z } from "zod";
import { MAX_INT_ID } from "@/lib/validation";
import { quantityUnit } from "@/modules/master-data/master-data.schema";

// What a buyer needs from a supplier (issue 20): the inquiry's category and regions and its
// structured requirements. One definition for the inquiry body (inquiries) and the suggestions
// (POST /api/contact/suggestions), so both refuse the same input with the same words.

/** At most this many ids in each of the certification, process and material lists. */
export const MAX_REQUIREMENT_IDS = 20;
export const MAX_QUANTITY = 1_000_000_000;
export const QUANTITY_UNIT_REQUIRED = "数量の単位を選択してください";

const quantity = (label: string) =>
  z
    .number(`${label}は数字で入力してください`)
    .int(`${label}は整数で入力してください`)
    .min(1, `${label}は1以上で入力してください`)
    .max(MAX_QUANTITY, `${label}は10億以下で入力してください`);

const idList = (label: string) =>
  z
    .array(
      z
        .number(`${label}の指定が正しくありません`)
        .int(`${label}の指定が正しくありません`)
        .positive(`${label}の指定が正しくありません`)
        .max(MAX_INT_ID, `${label}の指定が正しくありません`),
      { error: `${label}の指定が正しくありません` },
    )
    .max(MAX_REQUIREMENT_IDS, `${label}は${MAX_REQUIREMENT_IDS}件まで選べます`)
    .default([]);

export const REQUIREMENT_LABELS = {
  lotQuantity: "ロット数量",
  monthlyQuantity: "月間数量",
  quantityUnit: "数量の単位",
  requiredCertificationIds: "必要な認証・許可",
  processIds: "加工",
  materialIds: "素材",
  sampleWanted: "サンプル希望",
} as const;

/** The category and the desired regions, as the inquiry form asks for them. */
export const needBasics = {
  categoryId: z
    .number({ error: "カテゴリを選択してください" })
    .int("カテゴリを選択してください")
    .positive("カテゴリを選択してください")
    .max(MAX_INT_ID, "カテゴリを選択してください"),
  prefectureIds: z
    .array(
      z
        .number("希望する製造地域の指定が正しくありません")
        .int("希望する製造地域の指定が正しくありません")
        .min(1, "希望する製造地域の指定が正しくありません")
        .max(47, "希望する製造地域の指定が正しくありません"),
    )
    .max(47, "希望する製造地域の指定が多すぎます")
    .default([]),
};

/** The structured requirements, all optional. */
export const requirementFields = {
  lotQuantity: quantity(REQUIREMENT_LABELS.lotQuantity).optional().nullable(),
  monthlyQuantity: quantity(REQUIREMENT_LABELS.monthlyQuantity).optional().nullable(),
  quantityUnit: quantityUnit.optional().nullable(),
  requiredCertificationIds: idList(REQUIREMENT_LABELS.requiredCertificationIds),
  processIds: idList(REQUIREMENT_LABELS.processIds),
  materialIds: idList(REQUIREMENT_LABELS.materialIds),
  sampleWanted: z.boolean("サンプル希望は「はい」か「いいえ」で指定してください").default(false),
};

export interface RequirementValues {
  lotQuantity?: number | null;
  monthlyQuantity?: number | null;
  quantityUnit?: string | null;
  requiredCertificationIds: number[];
  processIds: number[];
  materialIds: number[];
  sampleWanted: boolean;
}

/** A quantity means nothing without its unit: the refinement both bodies run. */
export function checkQuantityUnit(v: RequirementValues, ctx: z.RefinementCtx): void {
  const hasQuantity = v.lotQuantity != null || v.monthlyQuantity != null;
  if (hasQuantity && !v.quantityUnit) {
    ctx.addIssue({ code: "custom", path: ["quantityUnit"], message: QUANTITY_UNIT_REQUIRED });
  }
}

/** The body of POST /api/contact/suggestions: what the inquiry flow's content step holds. */
export const needsInput = z.object({ ...needBasics, ...requirementFields }).superRefine(checkQuantityUnit);
export type NeedsInput = z.infer<typeof needsInput>;

const named = z.object({ id: z.number(), name: z.string() });

/** The requirements of a stored inquiry, with the master lists' names. */
export const requirementsView = z.object({
  lotQuantity: z.number().nullable(),
  monthlyQuantity: z.number().nullable(),
  quantityUnit: z.string().nullable(),
  requiredCertifications: z.array(named.extend({ kind: z.enum(["CERTIFICATION", "LICENSE"]) })),
  processes: z.array(named),
  materials: z.array(named),
  sampleWanted: z.boolean(),
});
export type RequirementsView = z.infer<typeof requirementsView>;

/** The fit of one supplier: met true ✓, false ✗, null ? (not registered). */
export const fitView = z.object({
  /** Out of 100 over the stated conditions (an unknown one counts half); 0 outside the category. */
  score: z.number(),
  fits: z.boolean(),
  /** Whether the supplier lists the inquiry's category: outside it, it never fits (issue 33). */
  inCategory: z.boolean(),
  /** The stated conditions met, of `stated` (「5件中4件の条件に対応」). */
  met: z.number().int(),
  stated: z.number().int(),
  reasons: z.array(z.object({ met: z.boolean().nullable(), hard: z.boolean(), text: z.string() })),
});
export type FitView = z.infer<typeof fitView>;
