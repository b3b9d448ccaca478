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
