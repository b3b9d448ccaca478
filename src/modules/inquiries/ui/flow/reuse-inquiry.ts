"use client";

// 「内容を見直して問い合わせる」 on a rejected inquiry opens step 1 with ?from={inquiryId}: the
// draft starts from that inquiry's content (and, for a bulk inquiry, its selected companies).
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { apiFetch } from "@/lib/api/client";
import { readSelectedCompanies, toggleSelectedCompany } from "@/lib/selected-companies";
import { isUuid } from "@/lib/uuid";
import type { buyerInquiryDetail } from "@/modules/inquiries/inquiry.schema";
import { emptyDraft, type FlowTarget, flowHref, type InquiryDraft } from "./draft";
import type { FlowStep } from "./step-param";

type Detail = z.infer<typeof buyerInquiryDetail>;

/** The flow's draft of an earlier inquiry; a passed deadline is replaced by the default one. */
export function draftFromInquiry(d: Detail, target: FlowTarget, today: string): InquiryDraft {
  const empty = emptyDraft(target.kind);
  const r = d.requirements;
  return {
    ...empty,
    title: d.title,
    categoryId: String(d.category.id),
    description: d.description,
    quantity: d.quantity,
    targetUnitPrice: d.targetUnitPriceYen === null ? "" : String(d.targetUnitPriceYen),
    budget: d.budgetYen === null ? "" : String(d.budgetYen),
    desiredDeliveryDate: d.desiredDeliveryDate && d.desiredDeliveryDate > today ? d.desiredDeliveryDate : "",
    entryDeadline:
      target.kind === "bulk" && d.entryDeadline && d.entryDeadline > today
        ? d.entryDeadline
        : empty.entryDeadline,
    prefectureIds: d.prefectures.map((p) => p.id),
    ndaRequired: d.ndaRequired,
    attachments: d.attachments.map((a) => ({
      id: a.id,
      name: a.name,
      contentType: a.contentType,
      byteSize: a.byteSize,
    })),
    lotQuantity: r.lotQuantity === null ? "" : String(r.lotQuantity),
    monthlyQuantity: r.monthlyQuantity === null ? "" : String(r.monthlyQuantity),
    quantityUnit: r.quantityUnit ?? "",
    requiredCertificationIds: r.requiredCertifications.map((c) => c.id),
    processIds: r.processes.map((p) => p.id),
    materialIds: r.materials.map((m) => m.id),
    sampleWanted: r.sampleWanted,
    checked: false,
  };
}

/**
 * Reads ?from= once the buyer's session is known, fills the draft and drops the parameter.
 * Answers true while the earlier inquiry is being read (the flow shows its loading state).
 */
export function useReuseInquiry(p: {
  target: FlowTarget;
  step: FlowStep;
  ready: boolean;
  buyerCompanyId: string | undefined;
  today: string;
  replaceDraft: (draft: InquiryDraft) => void;
}): boolean {
  const router = useRouter();
  const [from, setFrom] = useState<string | null>();
  const { target, step, ready, buyerCompanyId, today, replaceDraft } = p;

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get("from");
    setFrom(step === 1 && id && isUuid(id) ? id : null);
  }, [step]);

  useEffect(() => {
    if (!from || !ready || !buyerCompanyId) return;
    let cancelled = false;
    apiFetch<Detail>(`/api/buyer/company/${buyerCompanyId}/contact/${from}`)
      .then((d) => {
        if (cancelled) return;
        replaceDraft(draftFromInquiry(d, target, today));
        if (target.kind === "bulk" && readSelectedCompanies().length === 0) {
          for (const c of d.selectedCompanies) toggleSelectedCompany(c);
        }
      })
      .catch(() => undefined) // not the buyer's inquiry any more: start from the current draft
      .finally(() => {
        if (cancelled) return;
        setFrom(null);
        router.replace(flowHref(target, 1));
      });
    return () => {
      cancelled = true;
    };
  }, [from, ready, buyerCompanyId, target, today, replaceDraft, router]);

  return from === undefined || (Boolean(from) && Boolean(buyerCompanyId));
}
