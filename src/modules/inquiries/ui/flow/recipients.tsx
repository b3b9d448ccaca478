"use client";

import { Building2, MapPin, Plus, X } from "lucide-react";
import Link from "@/components/ui/link";
import { HIDDEN_NAME } from "@/lib/hidden-name";
import {
  MAX_SELECTED_COMPANIES,
  removeSelectedCompany,
  type SelectedCompany,
} from "@/lib/selected-companies";
import { companyHref } from "@/lib/site-paths";

export { HIDDEN_NAME } from "@/lib/hidden-name";

export interface NominatedCompany {
  id: string;
  name: string;
  prefectureName: string | null;
  catchphrase: string | null;
}

/** Bulk flow: the companies picked in the search, removable here; more are added in the search. */
export function SelectedCompaniesPanel({
  selected,
  error,
  editable = true,
}: {
  selected: SelectedCompany[];
  error?: string;
  editable?: boolean;
}) {
  return (
    <section
      id="field-selectedCompanyIds"
      aria-labelledby="selected-companies-heading"
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-slate-50 p-4 desktop:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="selected-companies-heading" className="text-base font-bold text-slate-900">
          お知らせを届ける企業
          <span className="ml-2 text-sm font-normal text-slate-600">
            {selected.length}社選択中（最大{MAX_SELECTED_COMPANIES}社）
          </span>
        </h2>
      </div>
      <p className="mt-1 text-xs leading-5 text-slate-600">
        一括問い合わせは運営の確認後に公開され、すべてのOEMメーカーが見られるようになります。ここで選んだ企業には、公開時に個別にお知らせが届きます。
      </p>
      {selected.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {selected.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <Building2 aria-hidden className="size-4 shrink-0 text-slate-400" />
                <Link
                  href={companyHref(c.id)}
                  className="truncate font-bold text-slate-800 hover:text-brand-700 hover:underline"
                >
                  {c.name || HIDDEN_NAME}
                </Link>
              </span>
              {editable && (
                <button
                  type="button"
                  onClick={() => removeSelectedCompany(c.id)}
                  aria-label={`${c.name || HIDDEN_NAME}を問い合わせ先から外す`}
                  className="inline-flex h-9 shrink-0 items-center gap-1 rounded-md px-2 text-xs font-bold text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X aria-hidden className="size-4" />
                  外す
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-md border border-dashed border-slate-300 bg-white px-3 py-4 text-center text-sm text-slate-600">
          企業は選ばれていません。選ばずに送ることもできます。
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      {editable && selected.length < MAX_SELECTED_COMPANIES && (
        <Link
          href="/oem/search"
          className="mt-3 inline-flex h-10 items-center gap-1.5 rounded-md border border-brand-600 bg-white px-4 text-sm font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Plus aria-hidden className="size-4" />
          OEMメーカーを探して追加する
        </Link>
      )}
    </section>
  );
}

/** Single flow: the nominated supplier. */
export function NominatedCompanyPanel({
  company,
  error,
}: {
  company: NominatedCompany | undefined;
  error?: string;
}) {
  return (
    <section
      id="field-nominatedCompanyId"
      aria-labelledby="nominated-company-heading"
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-slate-50 p-4 desktop:p-5"
    >
      <h2 id="nominated-company-heading" className="text-sm font-bold text-slate-600">
        問い合わせ先
      </h2>
      {company ? (
        <div className="mt-2 flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-md bg-white text-brand-600 ring-1 ring-slate-200">
            <Building2 aria-hidden className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-lg leading-snug font-bold text-slate-900">{company.name}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
              {company.prefectureName && (
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden className="size-3.5" />
                  {company.prefectureName}
                </span>
              )}
              <Link href={companyHref(company.id)} className="font-bold text-brand-700 hover:underline">
                企業ページを見る
              </Link>
            </p>
            {company.catchphrase && <p className="mt-1 text-sm text-slate-700">{company.catchphrase}</p>}
          </div>
        </div>
      ) : (
        <div aria-hidden className="mt-2 h-11 w-2/3 animate-pulse rounded bg-slate-200" />
      )}
      <p className="mt-3 text-xs leading-5 text-slate-600">
        指名問い合わせは運営の確認を経ずに、この企業へすぐに届きます。
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  );
}
