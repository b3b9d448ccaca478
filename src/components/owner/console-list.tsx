"use client";

// One component for every console list: filters kept in the URL (a reload or a shared link
// shows the same list), a table on desktop and cards on phones, the pager, and the CSV export
// of the whole filtered list (format=csv, UTF-8 with BOM).
import { Download, Loader2, Search } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { Pager } from "@/components/ui/pager";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";

export interface ListFilter {
  /** The query parameter of the API. */
  name: string;
  label: string;
  /**
   * search: free text; select: fixed choices (the first "" choice means no filter); hidden: a
   * parameter that only comes with a link (e.g. companyId), kept while the other filters change.
   */
  type: "search" | "select" | "hidden";
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
}

export interface ListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** Kept off the phone cards (secondary details). */
  desktopOnly?: boolean;
}

export interface PageOf<T> {
  items: T[];
  page: number;
  perPage: number;
  /** Exact, or with totalCapped the rows the pager reaches (the API stops counting there). */
  total: number;
  totalCapped?: boolean;
  /** With totalCapped: the database's estimate of all matching rows. */
  totalEstimate?: number;
}

/** 「全120件中 1〜50件を表示」, or above the count cap 「約1,000,000件中 1〜50件を表示」 and where the pager stops. */
export function totalLine(
  data: Pick<PageOf<unknown>, "page" | "perPage" | "total" | "totalCapped" | "totalEstimate">,
) {
  const n = (v: number) => v.toLocaleString("ja-JP");
  const shown =
    data.total > 0
      ? `中 ${n((data.page - 1) * data.perPage + 1)}〜${n(Math.min(data.page * data.perPage, data.total))}件を表示`
      : "";
  if (!data.totalCapped) return `全${n(data.total)}件${shown}`;
  return `約${n(data.totalEstimate ?? data.total)}件${shown}（ページ送りでたどれるのは先頭の${n(data.total)}件までです。ほかの行は条件で絞り込んで表示してください）`;
}

/** The query string of a list: the given filters, page and perPage. */
export function listSearch(params: URLSearchParams, names: string[]): URLSearchParams {
  const out = new URLSearchParams();
  for (const n of [...names, "page"]) {
    const v = params.get(n);
    if (v) out.set(n, v);
  }
  return out;
}

function FilterField({ filter: f, value }: { filter: ListFilter; value: string }) {
  const id = useId();
  if (f.type === "hidden") return <input type="hidden" name={f.name} defaultValue={value} />;
  return (
    <div className="flex flex-col gap-1 desktop:min-w-44">
      <label htmlFor={id} className="text-sm font-bold text-slate-700">
        {f.label}
      </label>
      {f.type === "search" ? (
        <Input
          id={id}
          type="search"
          name={f.name}
          defaultValue={value}
          placeholder={f.placeholder}
          className="h-10 desktop:w-72"
        />
      ) : (
        <Select id={id} name={f.name} defaultValue={value} className="h-10">
          {(f.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}

export function ConsoleList<T>({
  title,
  lead,
  actions,
  endpoint,
  fixed,
  filters,
  columns,
  rowKey,
  csvName,
  empty = "該当するデータはありません。",
  preserve = [],
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** The API list path, e.g. /api/owner/buyer. */
  endpoint: string;
  /** Query parameters the page always sends (e.g. a tab's type). */
  fixed?: Record<string, string>;
  filters: ListFilter[];
  columns: Array<ListColumn<T>>;
  rowKey: (row: T) => string;
  /** The file name offered when the server does not name the export. */
  csvName?: string;
  empty?: string;
  /**
   * URL parameters outside the filter form (a tab, the company the list was opened for) that
   * filtering, clearing and paging keep. They are not sent to the API unless also in `fixed`.
   */
  preserve?: string[];
}) {
  const router = useRouter();
  const pathname = usePathname() ?? "";
  const params = useSearchParams() ?? new URLSearchParams();
  const names = filters.map((f) => f.name);
  const current = listSearch(params, names);
  const query = new URLSearchParams({ ...fixed, ...Object.fromEntries(current) });
  const path = `${endpoint}?${query.toString()}`;
  const { data, error, isLoading, mutate } = useOwnerApi<PageOf<T>>(path, { keepPreviousData: true });
  const { download } = useOwnerSession();
  const [exporting, setExporting] = useState(false);

  const go = (next: URLSearchParams) => {
    for (const n of preserve) {
      const v = params.get(n);
      if (v && !next.has(n)) next.set(n, v);
    }
    const qs = next.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };

  const onFilter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const n of names) {
      const v = String(form.get(n) ?? "").trim();
      if (v) next.set(n, v);
    }
    go(next);
  };

  const onPage = (page: number) => {
    const next = new URLSearchParams(current);
    if (page > 1) next.set("page", String(page));
    else next.delete("page");
    go(next);
    window.scrollTo({ top: 0 });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const q = new URLSearchParams(query);
      q.delete("page");
      q.set("format", "csv");
      await download(`${endpoint}?${q.toString()}`, csvName ?? "export.csv");
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setExporting(false);
    }
  };

  const phoneColumns = columns.filter((c) => !c.desktopOnly);
  const filterKey = current.toString();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        lead={lead}
        actions={
          <>
            {actions}
            {csvName && (
              <Button variant="outline" size="sm" onClick={() => void onExport()} disabled={exporting}>
                {exporting ? (
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                ) : (
                  <Download aria-hidden className="size-4" />
                )}
                CSVダウンロード
              </Button>
            )}
          </>
        }
      />

      {filters.length > 0 && (
        <search aria-label={`${title}の絞り込み`}>
          <form
            key={filterKey}
            onSubmit={onFilter}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 desktop:flex-row desktop:flex-wrap desktop:items-end"
          >
            {filters.map((f) => (
              <FilterField key={f.name} filter={f} value={params.get(f.name) ?? ""} />
            ))}
            <div className="flex gap-2">
              <Button type="submit" size="sm" className="h-10">
                <Search aria-hidden className="size-4" />
                絞り込む
              </Button>
              {filterKey && (
                <Button variant="ghost" size="sm" className="h-10" onClick={() => go(new URLSearchParams())}>
                  条件をクリア
                </Button>
              )}
            </div>
          </form>
        </search>
      )}

      {error && !data ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <LoadingBlock rows={2} />
      ) : data ? (
        <section aria-label={`${title}の一覧`} aria-busy={isLoading} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600" aria-live="polite">
            {totalLine(data)}
          </p>
          {data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
              {empty}
            </p>
          ) : (
            <>
              <div className="relative hidden overflow-x-auto rounded-lg border border-slate-200 bg-white desktop:block">
                <table className="w-full text-left text-sm">
                  <thead className="bg-slate-50 text-xs text-slate-600">
                    <tr>
                      {columns.map((c) => (
                        <th
                          key={c.header}
                          scope="col"
                          className={cn("px-4 py-3 font-bold whitespace-nowrap", c.numeric && "text-right")}
                        >
                          {c.header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.items.map((row) => (
                      <tr key={rowKey(row)} className="align-top hover:bg-slate-50">
                        {columns.map((c) => (
                          <td
                            key={c.header}
                            className={cn("px-4 py-3", c.numeric && "text-right tabular-nums")}
                          >
                            {c.cell(row)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="flex flex-col gap-3 desktop:hidden">
                {data.items.map((row) => (
                  <li key={rowKey(row)} className="rounded-lg border border-slate-200 bg-white p-4">
                    <dl className="grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-2 text-sm">
                      {phoneColumns.map((c) => (
                        <div key={c.header} className="contents">
                          <dt className="text-xs font-bold text-slate-500">{c.header}</dt>
                          <dd className="min-w-0 break-words">{c.cell(row)}</dd>
                        </div>
                      ))}
                    </dl>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Pager page={data.page} perPage={data.perPage} total={data.total} onPage={onPage} />
        </section>
      ) : null}
    </div>
  );
}
