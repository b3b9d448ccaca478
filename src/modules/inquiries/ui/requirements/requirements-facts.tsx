import type { ReactNode } from "react";
import type { FitView, RequirementsView } from "@/modules/matching/requirement.schema";
import { FitReasonList, FitScore } from "./fit-reasons";

// An inquiry's 「詳しい条件」 (issue 20) as the buyer, the supplier and the operator read it, and
// for a supplier how its registered capabilities fit them.

const none = <span className="text-slate-500">指定なし</span>;

/** True when the buyer gave any requirement (else the section says so in one line). */
export function hasAnyRequirement(r: RequirementsView): boolean {
  return Boolean(
    r.lotQuantity !== null ||
      r.monthlyQuantity !== null ||
      r.requiredCertifications.length ||
      r.processes.length ||
      r.materials.length ||
      r.sampleWanted,
  );
}

export function requirementRows(r: RequirementsView): Array<[string, ReactNode]> {
  const quantity = (n: number | null, prefix = "") =>
    n === null ? none : `${prefix}${n.toLocaleString("ja-JP")}${r.quantityUnit ?? ""}`;
  const names = (items: Array<{ name: string }>) =>
    items.length ? items.map((i) => i.name).join("、") : none;
  return [
    ["ロット数量", quantity(r.lotQuantity)],
    ["月間数量", quantity(r.monthlyQuantity, "月")],
    [
      "必要な認証・許可",
      r.requiredCertifications.length
        ? r.requiredCertifications
            .map((c) => `${c.name}（${c.kind === "LICENSE" ? "許可" : "認証"}）`)
            .join("、")
        : none,
    ],
    ["加工", names(r.processes)],
    ["素材", names(r.materials)],
    ["サンプル製作", r.sampleWanted ? "希望する" : "希望しない"],
  ];
}

/** The requirements as a definition list (the layout of the inquiry's other facts). */
export function RequirementsFacts({ requirements }: { requirements: RequirementsView }) {
  if (!hasAnyRequirement(requirements))
    return <p className="text-sm text-slate-600">詳しい条件の指定はありません。</p>;
  return (
    <dl className="grid grid-cols-1 gap-x-6 text-sm desktop:grid-cols-2">
      {requirementRows(requirements).map(([k, v]) => (
        <div key={k} className="flex gap-3 border-b border-slate-100 py-2.5">
          <dt className="w-32 shrink-0 font-bold text-slate-600">{k}</dt>
          <dd className="min-w-0 break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The supplier's view: how its registered capabilities fit the inquiry, with the reasons. */
export function SupplierFit({ fit }: { fit: FitView | null }) {
  if (!fit) return null;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-bold text-slate-800">
          {!fit.inCategory
            ? "貴社の登録カテゴリ外の案件です"
            : fit.fits
              ? "貴社の登録内容は条件に合っています"
              : "貴社の登録内容では条件に合わない項目があります"}
        </h3>
        <FitScore fit={fit} />
      </div>
      <FitReasonList reasons={fit.reasons} />
      <p className="text-xs leading-5 text-slate-600">
        「対応能力・認証」に登録した内容から判定しています。「?」は未登録の項目です。
      </p>
    </div>
  );
}
