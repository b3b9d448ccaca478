import { z } from "zod";

export const prefecture = z.object({ id: z.number().int(), name: z.string(), region: z.string() });
export const category = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const feature = category;
export const reason = z.object({
  id: z.number().int(),
  label: z.string(),
  audience: z.enum(["ALL", "BUYER", "SUPPLIER"]),
});
export const reasonQuery = z.object({
  audience: z
    .enum(["BUYER", "SUPPLIER"], { error: "audience は BUYER か SUPPLIER を指定してください" })
    .optional(),
});

export const capabilityItem = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const certificationType = capabilityItem.extend({ kind: z.enum(["CERTIFICATION", "LICENSE"]) });
export type CertificationType = z.infer<typeof certificationType>;

/** The units a supplier's MOQ and capacity and an inquiry's quantities are given in. */
export const QUANTITY_UNITS = ["個", "本", "枚", "着", "袋", "箱", "セット", "kg", "L"] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
export const quantityUnit = z.enum(QUANTITY_UNITS, { error: "数量の単位を選択してください" });
