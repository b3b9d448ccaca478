import { z } from "zod";
import { idNumber, MISSING_FIELD, requiredList } from "@/lib/validation";
import { QUANTITY_UNITS, quantityUnit } from "@/modules/master-data/master-data.schema";

// A supplier's structured capabilities (issue 20, docs/capabilities-plan.md "Definitions"): MOQ and
// monthly capacity in one unit, small lots, samples, processes and materials. The complete
// document (decision 0005): every field present, null or [] for "none".

export const MAX_QUANTITY = 1_000_000_000;
export const MAX_SAMPLE_DAYS = 365;
export const MAX_CAPABILITY_IDS = 100;

export const UNIT_REQUIRED = "数量の単位を選択してください";

/** A field of the complete document: null or "" for none, left out refused, else `schema` (with `message`). */
const orNone = <T extends z.ZodType>(schema: T, message: string) =>
  z.union([z.null(), z.literal("").transform(() => null), schema], {
    error: (issue) => (issue.input === undefined ? MISSING_FIELD : message),
  });

const quantity = (label: string) =>
  orNone(
    z
      .number(`${label}は数字で入力してください`)
      .int(`${label}は整数で入力してください`)
      .min(1, `${label}は1以上で入力してください`)
      .max(MAX_QUANTITY, `${label}は10億以下で入力してください`),
    `${label}は数字で入力してください`,
  );

const choice = (label: string) => orNone(z.boolean(), `${label}を選択してください`);

/** What a form or client sends: the fields; the rules between them are checked after. */
const capabilitiesFields = z.object({
  quantityUnit: orNone(quantityUnit, "数量の単位は一覧から選択してください"),
  moqMin: quantity("MOQ（下限）"),
  moqMax: quantity("MOQ（上限）"),
  monthlyCapacity: quantity("月産能力"),
  smallLotAccepted: choice("小ロット対応"),
  smallLotMin: quantity("小ロットの最小数量"),
  sampleAvailable: choice("サンプル製作"),
  sampleDays: orNone(
    z
      .number()
      .int("サンプルの目安日数は整数で入力してください")
      .min(1, "サンプルの目安日数は1日以上で入力してください")
      .max(MAX_SAMPLE_DAYS, `サンプルの目安日数は${MAX_SAMPLE_DAYS}日以内で入力してください`),
    "サンプルの目安日数は数字で入力してください",
  ),
  processIds: requiredList(idNumber("加工")).max(
    MAX_CAPABILITY_IDS,
    `加工は${MAX_CAPABILITY_IDS}件まで選択できます`,
  ),
  materialIds: requiredList(idNumber("素材")).max(
    MAX_CAPABILITY_IDS,
    `素材は${MAX_CAPABILITY_IDS}件まで選択できます`,
  ),
});

type Fields = z.output<typeof capabilitiesFields>;

/** The rules between the fields, as `{ field: message }` (empty when they hold). */
export function capabilityRuleErrors(v: Fields): Record<string, string> {
  const errors: Record<string, string> = {};
  const quantities = [v.moqMin, v.moqMax, v.monthlyCapacity, v.smallLotMin];
  if (v.quantityUnit === null && quantities.some((q) => q !== null)) errors.quantityUnit = UNIT_REQUIRED;
  if (v.moqMin !== null && v.moqMax !== null && v.moqMin > v.moqMax)
    errors.moqMax = "MOQの上限は下限以上の数量を入力してください";
  if (v.smallLotMin !== null) {
    if (v.smallLotAccepted !== true)
      errors.smallLotMin = "小ロットの最小数量は「小ロット対応：対応する」のときだけ入力できます";
    else if (v.moqMin !== null && v.smallLotMin >= v.moqMin)
      errors.smallLotMin = "小ロットの最小数量はMOQの下限より小さい数量を入力してください";
  }
  if (v.sampleDays !== null && v.sampleAvailable !== true)
    errors.sampleDays = "サンプルの目安日数は「サンプル製作：対応する」のときだけ入力できます";
  return errors;
}

/** POST /api/oem/company/{companyId}/capabilities/update: the complete document. */
export const capabilitiesInput = capabilitiesFields.superRefine((v, ctx) => {
  for (const [field, message] of Object.entries(capabilityRuleErrors(v)))
    ctx.addIssue({ code: "custom", path: [field], message });
});
export type CapabilitiesInput = z.output<typeof capabilitiesInput>;

const named = z.object({ id: z.number(), name: z.string() });

/** The figures and lists a supplier registered (null: not registered). */
export const capabilityFigures = z.object({
  quantityUnit: z.enum(QUANTITY_UNITS).nullable(),
  moqMin: z.number().nullable(),
  moqMax: z.number().nullable(),
  monthlyCapacity: z.number().nullable(),
  smallLotAccepted: z.boolean().nullable(),
  smallLotMin: z.number().nullable(),
  sampleAvailable: z.boolean().nullable(),
  sampleDays: z.number().nullable(),
  processes: z.array(named),
  materials: z.array(named),
});
export type CapabilityFigures = z.infer<typeof capabilityFigures>;

export const verifiedCertification = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(["CERTIFICATION", "LICENSE"]),
});
export type VerifiedCertification = z.infer<typeof verifiedCertification>;

/** GET …/capabilities: the supplier's own view, with the badges its certificates earned. */
export const capabilities = capabilityFigures.extend({
  companyId: z.string(),
  verifiedCertifications: z.array(verifiedCertification),
  updatedAt: z.string(),
});
export type Capabilities = z.infer<typeof capabilities>;
