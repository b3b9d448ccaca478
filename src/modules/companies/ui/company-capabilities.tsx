// The 「対応能力」 section of the public company page (issue 20): the registered figures, processes
// and materials, and the certifications the operator verified (「認証確認済み」). Only what the
// supplier registered is shown; with nothing registered there is no section. A server component.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/card";
import { VerifiedBadges } from "@/components/ui/verified-badge";
import type { PublicSupplier } from "../supplier-directory.schema";

type Capabilities = PublicSupplier["capabilities"];

const n = (v: number) => v.toLocaleString("ja-JP");

/** 「1,000〜50,000個」「1,000個〜」「〜50,000個」, or null when neither bound is registered. */
export function moqText(c: Capabilities): string | null {
  const unit = c.quantityUnit ?? "";
  if (c.moqMin !== null && c.moqMax !== null)
    return c.moqMin === c.moqMax ? `${n(c.moqMin)}${unit}` : `${n(c.moqMin)}〜${n(c.moqMax)}${unit}`;
  if (c.moqMin !== null) return `${n(c.moqMin)}${unit}〜`;
  if (c.moqMax !== null) return `〜${n(c.moqMax)}${unit}`;
  return null;
}

/** The rows of the section, in reading order; empty when nothing is registered. */
export function capabilityRows(c: Capabilities): Array<{ label: string; value: ReactNode }> {
  const rows: Array<{ label: string; value: ReactNode }> = [];
  const unit = c.quantityUnit ?? "";
  const moq = moqText(c);
  if (moq) rows.push({ label: "MOQ（最小発注数量）", value: moq });
  if (c.monthlyCapacity !== null)
    rows.push({ label: "月産能力", value: `${n(c.monthlyCapacity)}${unit}／月` });
  if (c.smallLotAccepted !== null)
    rows.push({
      label: "小ロット",
      value: c.smallLotAccepted
        ? `対応${c.smallLotMin !== null ? `（${n(c.smallLotMin)}${unit}から）` : ""}`
        : "対応していません",
    });
  if (c.sampleAvailable !== null)
    rows.push({
      label: "サンプル製作",
      value: c.sampleAvailable
        ? `対応${c.sampleDays !== null ? `（目安${n(c.sampleDays)}日）` : ""}`
        : "対応していません",
    });
  const chips = (label: string, items: Array<{ id: number; name: string }>) => {
    if (!items.length) return;
    rows.push({
      label,
      value: (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item.id}>
              <Badge className="font-normal">{item.name}</Badge>
            </li>
          ))}
        </ul>
      ),
    });
  };
  chips("加工", c.processes);
  chips("素材", c.materials);
  return rows;
}

/** Whether the page has a 「対応能力」 section (for the in-page links). */
export function hasCapabilitySection(s: PublicSupplier): boolean {
  return s.verifiedCertifications.length > 0 || capabilityRows(s.capabilities).length > 0;
}

export function CapabilitiesSection({ supplier }: { supplier: PublicSupplier }) {
  if (!hasCapabilitySection(supplier)) return null;
  const rows = capabilityRows(supplier.capabilities);
  if (supplier.verifiedCertifications.length)
    rows.unshift({
      label: "認証・許可",
      value: (
        <div className="flex flex-col gap-1.5">
          <VerifiedBadges names={supplier.verifiedCertifications.map((c) => c.name)} />
          <p className="text-xs leading-5 text-slate-500">
            運営事務局が証明書を確認した、有効期限内の認証・許可です。
          </p>
        </div>
      ),
    });
  return (
    <section aria-labelledby="company-capabilities" className="mt-12">
      <h2
        id="company-capabilities"
        className="scroll-mt-24 border-l-4 border-brand-600 pl-3 text-xl leading-snug font-bold text-slate-900 desktop:text-2xl"
      >
        対応能力
      </h2>
      <table className="mt-5 w-full border-collapse border-t border-slate-200 text-sm">
        <caption className="sr-only">対応能力</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-b border-slate-200">
              <th
                scope="row"
                className="w-28 bg-slate-50 px-3 py-3 text-left align-top leading-7 font-bold text-slate-700 desktop:w-48 desktop:px-5 desktop:py-4"
              >
                {r.label}
              </th>
              <td className="px-3 py-3 align-top leading-7 break-words text-slate-800 desktop:px-5 desktop:py-4">
                {r.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
