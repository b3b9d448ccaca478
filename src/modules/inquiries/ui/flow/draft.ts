// The draft of an inquiry flow, kept in sessionStorage so that it survives a reload and the
// login / registration detour (PRODUCT.md "Inquiries"). One draft per flow: the bulk flow
// has one, the nominated flow one per supplier. Attachments are uploaded at once and kept
// by id; the files themselves stay on the server.

import type { DraftAttachment } from "@/components/ui/attachments-field";
import { addDays, todayInJapan } from "@/lib/japan-time";
import { safeRedirect } from "@/lib/safe-redirect";
import { DEFAULT_DEADLINE_DAYS, MAX_DEADLINE_DAYS } from "@/modules/inquiries/inquiry.schema";
import { MAX_REQUIREMENT_IDS } from "@/modules/matching/requirement.schema";
import type { FlowStep } from "./step-param";

export type FlowKind = "bulk" | "single";

export interface InquiryDraft {
  title: string;
  categoryId: string;
  description: string;
  quantity: string;
  targetUnitPrice: string;
  budget: string;
  desiredDeliveryDate: string;
  /** Bulk only. */
  entryDeadline: string;
  prefectureIds: number[];
  ndaRequired: boolean;
  attachments: DraftAttachment[];
  // 詳しい条件（任意）: matched against the suppliers' capabilities (issue 20).
  /** As typed (「3,000」); the unit applies to both quantities. */
  lotQuantity: string;
  monthlyQuantity: string;
  quantityUnit: string;
  requiredCertificationIds: number[];
  processIds: number[];
  materialIds: number[];
  sampleWanted: boolean;
  /** Step 1 passed the server's dry-run with exactly this content. */
  checked: boolean;
}

export interface FlowTarget {
  kind: FlowKind;
  /** The nominated supplier (single flow). */
  companyId?: string;
}

export const FLOW_PATH: Record<FlowKind, string> = {
  bulk: "/buyer/bulk-inquiry",
  single: "/buyer/single-inquiry",
};

export function flowHref(target: FlowTarget, step: FlowStep, hash?: string): string {
  const q = new URLSearchParams({ step: String(step) });
  if (target.kind === "single" && target.companyId) q.set("companyId", target.companyId);
  return `${FLOW_PATH[target.kind]}?${q.toString()}${hash ? `#${hash}` : ""}`;
}

/** The login page of the flows, returning to the confirmation step. */
export function flowLoginHref(target: FlowTarget): string {
  return `/buyer/bulk-inquiry/login?redirect=${encodeURIComponent(flowHref(target, 3))}`;
}

/** Only the flows' own pages may be where the flow's login page returns to. */
export function safeFlowRedirect(value: string | undefined): string | undefined {
  const path = safeRedirect(value);
  if (!path) return undefined;
  return /^\/buyer\/(bulk|single)-inquiry(\?[^#\\]*)?$/.test(path) ? path : undefined;
}

export function draftKey(target: FlowTarget): string {
  return target.kind === "bulk" ? "inquiryDraft:bulk" : `inquiryDraft:single:${target.companyId ?? ""}`;
}

/** Where step 3's rejected fields wait for step 1. */
const errorsKey = (target: FlowTarget) => `${draftKey(target)}:errors`;
/** The result of a sent inquiry, for step 4 (also after a reload). */
const doneKey = (target: FlowTarget) => `${draftKey(target)}:done`;

export function defaultDeadline(today = todayInJapan()): string {
  return addDays(today, DEFAULT_DEADLINE_DAYS);
}

export function deadlineRange(today = todayInJapan()): { min: string; max: string } {
  return { min: addDays(today, 1), max: addDays(today, MAX_DEADLINE_DAYS) };
}

export function emptyDraft(kind: FlowKind): InquiryDraft {
  return {
    title: "",
    categoryId: "",
    description: "",
    quantity: "",
    targetUnitPrice: "",
    budget: "",
    desiredDeliveryDate: "",
    entryDeadline: kind === "bulk" ? defaultDeadline() : "",
    prefectureIds: [],
    ndaRequired: false,
    attachments: [],
    lotQuantity: "",
    monthlyQuantity: "",
    quantityUnit: "",
    requiredCertificationIds: [],
    processIds: [],
    materialIds: [],
    sampleWanted: false,
    checked: false,
  };
}

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

function readJson(key: string): unknown {
  const raw = session()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    if (value === undefined) session()?.removeItem(key);
    else session()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded: the draft lives on in memory
  }
}

const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);
const ids = (v: unknown) =>
  Array.isArray(v)
    ? [...new Set(v.filter((n): n is number => Number.isInteger(n) && n >= 1))].slice(0, MAX_REQUIREMENT_IDS)
    : [];

/** The stored draft, each field checked (anything malformed falls back to empty). */
export function loadDraft(target: FlowTarget): InquiryDraft | undefined {
  const data = readJson(draftKey(target));
  if (!data || typeof data !== "object") return undefined;
  const d = data as Record<string, unknown>;
  const empty = emptyDraft(target.kind);
  const attachments = Array.isArray(d.attachments)
    ? d.attachments
        .filter(
          (a): a is DraftAttachment =>
            Boolean(a) && typeof a === "object" && typeof (a as DraftAttachment).id === "string",
        )
        .map((a) => ({
          id: a.id,
          name: str(a.name, "添付ファイル"),
          contentType: str(a.contentType),
          byteSize: typeof a.byteSize === "number" ? a.byteSize : 0,
        }))
        .slice(0, 5)
    : [];
  return {
    title: str(d.title),
    categoryId: str(d.categoryId),
    description: str(d.description),
    quantity: str(d.quantity),
    targetUnitPrice: str(d.targetUnitPrice),
    budget: str(d.budget),
    desiredDeliveryDate: str(d.desiredDeliveryDate),
    entryDeadline: str(d.entryDeadline, empty.entryDeadline),
    prefectureIds: Array.isArray(d.prefectureIds)
      ? d.prefectureIds.filter((n): n is number => Number.isInteger(n) && n >= 1 && n <= 47)
      : [],
    ndaRequired: d.ndaRequired === true,
    attachments,
    lotQuantity: str(d.lotQuantity),
    monthlyQuantity: str(d.monthlyQuantity),
    quantityUnit: str(d.quantityUnit),
    requiredCertificationIds: ids(d.requiredCertificationIds),
    processIds: ids(d.processIds),
    materialIds: ids(d.materialIds),
    sampleWanted: d.sampleWanted === true,
    checked: d.checked === true,
  };
}

export function saveDraft(target: FlowTarget, draft: InquiryDraft): void {
  writeJson(draftKey(target), draft);
}

export function clearDraft(target: FlowTarget): void {
  writeJson(draftKey(target), undefined);
  writeJson(errorsKey(target), undefined);
}

export function savePendingErrors(
  target: FlowTarget,
  fields: Record<string, string>,
  message?: string,
): void {
  writeJson(errorsKey(target), { fields, message });
}

/** Field errors step 3 handed back to step 1 (read once). */
export function takePendingErrors(
  target: FlowTarget,
): { fields: Record<string, string>; message?: string } | undefined {
  const data = readJson(errorsKey(target)) as { fields?: unknown; message?: unknown } | undefined;
  writeJson(errorsKey(target), undefined);
  if (!data || typeof data.fields !== "object" || !data.fields) return undefined;
  return {
    fields: data.fields as Record<string, string>,
    message: typeof data.message === "string" ? data.message : undefined,
  };
}

export interface SentInquiry {
  id: string;
  type: "BULK" | "NOMINATION";
  title: string;
  companyCount: number;
  companyName?: string;
  /** The draft and the selection were cleared (once, on the first view of step 4). */
  cleared?: boolean;
}

export function saveSent(target: FlowTarget, sent: SentInquiry): void {
  writeJson(doneKey(target), sent);
}

export function loadSent(target: FlowTarget): SentInquiry | undefined {
  const data = readJson(doneKey(target)) as SentInquiry | undefined;
  return data && typeof data.id === "string" ? data : undefined;
}

export function clearSent(target: FlowTarget): void {
  writeJson(doneKey(target), undefined);
}

const halfWidthDigits = (value: string) =>
  value.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[,，\s]/g, "");

/** Yen as typed (「1,500」「１５００円」) → digits; anything else is left for the server to refuse. */
export function normaliseYen(value: string): string | number | null {
  const half = halfWidthDigits(value)
    .replace(/円$/, "")
    .replace(/^[¥￥]/, "");
  if (!half) return null;
  return /^\d+$/.test(half) ? Number(half) : half;
}

/** A quantity as typed (「3,000」「３０００」) → a number; anything else is left for the server to refuse. */
export function normaliseQuantity(value: string): string | number | null {
  const half = halfWidthDigits(value);
  if (!half) return null;
  return /^\d+$/.test(half) ? Number(half) : half;
}

/** The requirements of the draft as the API takes them (the inquiry body and the suggestions). */
export function toRequirementsBody(draft: InquiryDraft): Record<string, unknown> {
  return {
    lotQuantity: normaliseQuantity(draft.lotQuantity),
    monthlyQuantity: normaliseQuantity(draft.monthlyQuantity),
    quantityUnit: draft.quantityUnit || null,
    requiredCertificationIds: draft.requiredCertificationIds,
    processIds: draft.processIds,
    materialIds: draft.materialIds,
    sampleWanted: draft.sampleWanted,
  };
}

/** The body of POST /api/contact/suggestions: the category, the regions and the requirements. */
export function toNeedsBody(draft: InquiryDraft): Record<string, unknown> {
  return {
    categoryId: draft.categoryId ? Number(draft.categoryId) : null,
    prefectureIds: draft.prefectureIds,
    ...toRequirementsBody(draft),
  };
}

/** The API body of the draft, exactly as POST /api/contact/dry-run/create and /create take it. */
export function toInquiryBody(
  draft: InquiryDraft,
  target: FlowTarget,
  selectedCompanyIds: string[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: target.kind === "bulk" ? "BULK" : "NOMINATION",
    title: draft.title,
    categoryId: draft.categoryId ? Number(draft.categoryId) : null,
    description: draft.description,
    quantity: draft.quantity,
    targetUnitPriceYen: normaliseYen(draft.targetUnitPrice),
    budgetYen: normaliseYen(draft.budget),
    desiredDeliveryDate: draft.desiredDeliveryDate || null,
    prefectureIds: draft.prefectureIds,
    ndaRequired: draft.ndaRequired,
    attachmentIds: draft.attachments.map((a) => a.id),
    ...toRequirementsBody(draft),
  };
  if (target.kind === "bulk") {
    body.entryDeadline = draft.entryDeadline || null;
    body.selectedCompanyIds = selectedCompanyIds;
  } else {
    body.nominatedCompanyId = target.companyId;
  }
  return body;
}
