import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { cn } from "@/lib/cn";
import type { SupplierSearchFilters } from "../supplier-directory.schema";
import { pageWindow, searchHref } from "./search-params";

const item =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Page links of a search; every link keeps the filters and the order. */
export function SearchPagination({
  filters,
  page,
  last,
}: {
  filters: SupplierSearchFilters;
  page: number;
  last: number;
}) {
  if (last <= 1) return null;
  const pages = pageWindow(page, last);
  return (
    <nav aria-label="検索結果のページ送り" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <Step rel="prev" href={page > 1 ? searchHref(filters, page - 1) : undefined} />
        </li>
        {pages.map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
            <li key={`gap-${i}`} aria-hidden className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={cn(item, "border-brand-600 bg-brand-600 text-white")}>
                  <span className="sr-only">ページ</span>
                  {p}
                </span>
              ) : (
                <Link
                  href={searchHref(filters, p)}
                  aria-label={`${p}ページ目`}
                  className={cn(item, "border-slate-300 text-slate-700 hover:bg-slate-50")}
                >
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          <Step rel="next" href={page < last ? searchHref(filters, page + 1) : undefined} />
        </li>
      </ul>
    </nav>
  );
}

/** 前へ / 次へ: a link, or (on the first or last page) the same words greyed out. */
function Step({ rel, href }: { rel: "prev" | "next"; href: string | undefined }) {
  const icon = <SpriteIcon name={rel === "prev" ? "chevron-left" : "chevron-right"} className="size-4" />;
  const content =
    rel === "prev" ? (
      <>
        {icon}
        前へ
      </>
    ) : (
      <>
        次へ
        {icon}
      </>
    );
  if (!href) {
    return (
      <span aria-hidden className={cn(item, "gap-1 border-slate-200 bg-slate-50 text-slate-500")}>
        {content}
      </span>
    );
  }
  return (
    <Link
      href={href}
      rel={rel}
      className={cn(item, "gap-1 border-slate-300 text-slate-700 hover:bg-slate-50")}
    >
      {content}
    </Link>
  );
}
