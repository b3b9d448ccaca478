// What the public page says a supplier holds (issue 33 item 2): the badges the operator verified
// always before what the supplier declares itself, which is labelled 自己申告. Server components.

import { Badge } from "@/components/ui/card";
import { VerifiedBadges } from "@/components/ui/verified-badge";
import type { PublicSupplier } from "../supplier-directory.schema";

type Claims = Pick<PublicSupplier, "verifiedCertifications" | "features" | "certifications">;

/** The header's rows: 「認証確認済み」, then 「特徴（自己申告）」 (a phone stacks them in this order). */
export function VerifiedThenDeclared({ supplier }: { supplier: Claims }) {
  return (
    <>
      {supplier.verifiedCertifications.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-xs font-bold text-emerald-800">認証確認済み</span>
          <VerifiedBadges names={supplier.verifiedCertifications.map((c) => c.name)} compact />
        </div>
      )}
      {supplier.features.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-xs font-bold text-slate-500">
            特徴<span className="font-normal">（自己申告）</span>
          </span>
          <ul aria-label="特徴（自己申告）" className="flex flex-wrap gap-1.5">
            {supplier.features.map((f) => (
              <li key={f.id}>
                <Badge className="font-normal">{f.name}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The 認証・許認可 row of the OEM information: the verified badges, then the free text as 自己申告. */
export function CertificationsCell({ supplier }: { supplier: Claims }) {
  return (
    <div className="flex flex-col gap-2 whitespace-normal">
      <VerifiedBadges names={supplier.verifiedCertifications.map((c) => c.name)} />
      {supplier.certifications && (
        <div>
          <p className="text-xs font-bold text-slate-500">自己申告（運営事務局は未確認）</p>
          <p className="whitespace-pre-line">{supplier.certifications}</p>
        </div>
      )}
    </div>
  );
}
