"use client";

// The buyer's company details on /account/buyer/account (the spec's buyer account screen):
// GET /api/buyer/company/{companyId} and PUT …/update. Suppliers that receive the buyer's
// inquiries see these details.
import useSWR from "swr";
import type { z } from "zod";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import type { companyBasic } from "@/modules/companies/company.schema";
import { BasicForm } from "./company-basic-form";

type CompanyBasic = z.infer<typeof companyBasic>;

export function BuyerCompanySettings({ companyId }: { companyId: string }) {
  const { data: company, error, mutate } = useSWR<CompanyBasic>(`/api/buyer/company/${companyId}`);
  return (
    <section aria-labelledby="buyer-company-title" className="flex flex-col gap-4">
      <div>
        <h2 id="buyer-company-title" className="text-xl font-bold text-slate-900">
          会社情報
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          問い合わせを送ったOEMメーカーに、会社名・所在地・連絡先などとして表示されます。
        </p>
      </div>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !company ? (
        <LoadingBlock rows={3} />
      ) : (
        <BasicForm
          key={company.id}
          area="buyer"
          companyId={companyId}
          company={company}
          onSaved={(saved) => void mutate(saved, { revalidate: false })}
        />
      )}
    </section>
  );
}
