"use client";

import { SEARCH_FORM_ID } from "@/lib/site-paths";
import type { SupplierSearchFilters } from "../supplier-directory.schema";

export const SORT_OPTIONS: ReadonlyArray<readonly [SupplierSearchFilters["sort"], string]> = [
  ["recommended", "おすすめ順"],
  ["newest", "新着順"],
  ["cases", "事例の多い順"],
];

/**
 * The order of the results. It belongs to the search form (form attribute) and submits it
 * on change; without script, the 「並び替え」 button next to it does.
 */
export function SortSelect({ value }: { value: SupplierSearchFilters["sort"] }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="supplier-sort" className="shrink-0 text-sm text-slate-600">
        並び順
      </label>
      <select
        id="supplier-sort"
        name="sort"
        form={SEARCH_FORM_ID}
        defaultValue={value}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="h-10 rounded-md border border-slate-300 bg-white pr-8 pl-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
      >
        {SORT_OPTIONS.map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
      <noscript>
        <button
          type="submit"
          form={SEARCH_FORM_ID}
          className="h-10 rounded-md border border-slate-300 px-3 text-sm font-bold text-slate-700"
        >
          並び替え
        </button>
      </noscript>
    </div>
  );
}
