// The suppliers' verified certifications and licences in the comparison table (issue 20): the
// shared 「認証確認済み」 badges, as on the public page and the search cards. Only the ones the
// operator verified from a document and that have not expired come with the comparison.
import { VerifiedBadges } from "@/components/ui/verified-badge";
import type { ComparisonColumn } from "@/modules/deals/deals.schema";

const LABEL = "認証・許可";
const NOTE = "運営事務局が証明書を確認したもの（期限内）";

function Badges({ column, compact = false }: { column: ComparisonColumn; compact?: boolean }) {
  if (!column.certifications.length) return <span className="text-slate-500">—</span>;
  return <VerifiedBadges names={column.certifications.map((t) => t.name)} compact={compact} />;
}

/** Desktop and print: a row above the track record, one cell per supplier (the row's note says 認証確認済み). */
export function CertificationRowGroup({ columns }: { columns: ComparisonColumn[] }) {
  return (
    <tbody data-group="supplier-certifications">
      <tr className="border-t-2 border-slate-200">
        <th
          scope="row"
          className="sticky left-0 z-10 bg-white px-3 py-2.5 text-left align-top text-slate-600"
        >
          <span className="font-bold">{LABEL}</span>
          <span className="mt-0.5 block text-xs font-normal">{NOTE}</span>
        </th>
        {columns.map((c) => (
          <td key={c.threadId} className="px-3 py-2.5 align-top">
            <Badges column={c} compact />
          </td>
        ))}
      </tr>
    </tbody>
  );
}

/** Phones and tablets: a section of the supplier's card. */
export function CertificationSection({ column }: { column: ComparisonColumn }) {
  return (
    <section aria-label={`${column.supplier.name}の${LABEL}`} className="mt-4">
      <h3 className="text-sm font-bold text-slate-700">
        {LABEL}
        <span className="ml-2 text-xs font-normal text-slate-500">{NOTE}</span>
      </h3>
      <div className="mt-1.5 text-sm">
        <Badges column={column} />
      </div>
    </section>
  );
}
