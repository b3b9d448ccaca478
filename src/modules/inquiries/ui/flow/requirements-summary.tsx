"use client";

import useSWR from "swr";
import { ConfirmSection, None, Row } from "./confirm-parts";
import { type FlowTarget, flowHref, type InquiryDraft, normaliseQuantity } from "./draft";
import type { CapabilityLists } from "./requirements-fields";

/** Step 3's 「詳しい条件」: the draft's requirements with the master lists' names. */
export function RequirementsSummary({ target, draft }: { target: FlowTarget; draft: InquiryDraft }) {
  const { data: lists } = useSWR<CapabilityLists>("/api/capabilities");
  const quantity = (v: string, prefix = "") => {
    const n = normaliseQuantity(v);
    return typeof n === "number" ? `${prefix}${n.toLocaleString("ja-JP")}${draft.quantityUnit}` : undefined;
  };
  const names = (ids: number[], rows: Array<{ id: number; name: string }> | undefined) =>
    ids.map((id) => rows?.find((r) => r.id === id)?.name ?? "読み込み中…");
  const list = (items: string[]) => (items.length ? items.join("、") : <None />);
  const certifications = draft.requiredCertificationIds.map((id) => {
    const type = lists?.certificationTypes.find((c) => c.id === id);
    return type ? `${type.name}（${type.kind === "LICENSE" ? "許可" : "認証"}）` : "読み込み中…";
  });

  return (
    <ConfirmSection title="詳しい条件" edit={flowHref(target, 1, "field-requirements")}>
      <Row label="ロット数量">{quantity(draft.lotQuantity) ?? <None />}</Row>
      <Row label="月間数量">{quantity(draft.monthlyQuantity, "月") ?? <None />}</Row>
      <Row label="必要な認証・許可">{list(certifications)}</Row>
      <Row label="加工">{list(names(draft.processIds, lists?.processes))}</Row>
      <Row label="素材">{list(names(draft.materialIds, lists?.materials))}</Row>
      <Row label="サンプル製作">{draft.sampleWanted ? "希望する" : "希望しない"}</Row>
    </ConfirmSection>
  );
}
