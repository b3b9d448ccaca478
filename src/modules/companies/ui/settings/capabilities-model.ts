// The capabilities form's values (text, as people type them) and the API's complete document.
import type { z } from "zod";
import { bodyResolver, normalizeDigits } from "@/lib/form-utils";
import { numberFromText } from "@/lib/validation";
import { type Capabilities, capabilitiesInput } from "@/modules/companies/capabilities.schema";

export type { Capabilities };

/** 対応する / 対応しない / 登録しない (null: not shown on the public page). */
export type Choice = "" | "yes" | "no";

export interface CapabilityValues {
  quantityUnit: string;
  moqMin: string;
  moqMax: string;
  monthlyCapacity: string;
  smallLotAccepted: Choice;
  smallLotMin: string;
  sampleAvailable: Choice;
  sampleDays: string;
  processIds: number[];
  materialIds: number[];
}

export type NumberField = "moqMin" | "moqMax" | "monthlyCapacity" | "smallLotMin" | "sampleDays";

const text = (v: number | null) => (v === null ? "" : String(v));
const choiceOf = (v: boolean | null): Choice => (v === null ? "" : v ? "yes" : "no");
const boolOf = (c: Choice | undefined) => (c === "yes" ? true : c === "no" ? false : null);
const number = (v: string | undefined) => numberFromText(normalizeDigits(v ?? ""));

export function toValues(c: Capabilities): CapabilityValues {
  return {
    quantityUnit: c.quantityUnit ?? "",
    moqMin: text(c.moqMin),
    moqMax: text(c.moqMax),
    monthlyCapacity: text(c.monthlyCapacity),
    smallLotAccepted: choiceOf(c.smallLotAccepted),
    smallLotMin: text(c.smallLotMin),
    sampleAvailable: choiceOf(c.sampleAvailable),
    sampleDays: text(c.sampleDays),
    processIds: c.processes.map((p) => p.id),
    materialIds: c.materials.map((m) => m.id),
  };
}

/**
 * The complete document; a blank number goes as "" (none). The minimum lot and the sample days are
 * sent only with 「対応する」: their inputs are hidden otherwise, but keep what was typed.
 */
export function toBody(v: CapabilityValues) {
  return {
    quantityUnit: v.quantityUnit ?? "",
    moqMin: number(v.moqMin),
    moqMax: number(v.moqMax),
    monthlyCapacity: number(v.monthlyCapacity),
    smallLotAccepted: boolOf(v.smallLotAccepted),
    smallLotMin: v.smallLotAccepted === "yes" ? number(v.smallLotMin) : null,
    sampleAvailable: boolOf(v.sampleAvailable),
    sampleDays: v.sampleAvailable === "yes" ? number(v.sampleDays) : null,
    processIds: v.processIds ?? [],
    materialIds: v.materialIds ?? [],
  };
}

export const resolver = bodyResolver<CapabilityValues, typeof capabilitiesInput>(capabilitiesInput, toBody);
export type CapabilitiesBody = z.output<typeof capabilitiesInput>;

/** 「10,000個」 under a quantity, for reading a long number at a glance; undefined when it is no number. */
export function quantityInWords(raw: string | undefined, unit: string | undefined): string | undefined {
  const digits = normalizeDigits(raw ?? "");
  if (!/^\d+$/.test(digits)) return undefined;
  return `${Number(digits).toLocaleString("ja-JP")}${unit ?? ""}`;
}
