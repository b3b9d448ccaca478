import { HydrateApart } from "@/components/layout/hydrate-apart";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { BULK_INQUIRY_HREF, SEARCH_PATH } from "@/lib/site-paths";
import type { SupplierCard, SupplierSearchFilters } from "../supplier-directory.schema";
import { SearchPagination } from "./pagination";
import type { SearchMasterData } from "./search-form";
import { PER_PAGE, searchHref, totalPages } from "./search-params";
import { SortSelect } from "./sort-select";
import { SupplierResultCard } from "./supplier-card";

type Filters = SupplierSearchFilters;

/** The conditions in force, each a link that removes it. */
function ActiveFilters({ filters, master }: { filters: Filters; master: SearchMasterData }) {
  const chips: Array<{ key: string; label: string; href: string }> = [];
  const without = (patch: Partial<Filters>) => searchHref({ ...filters, ...patch });
  if (filters.keyword) {
    chips.push({ key: "k", label: `「${filters.keyword}」`, href: without({ keyword: undefined }) });
  }
  const add = (
    list: Array<{ id: number; name: string }>,
    key: "categoryIds" | "prefectureIds" | "featureIds" | "certificationIds" | "processIds",
  ) => {
    for (const id of filters[key]) {
      const name = list.find((x) => x.id === id)?.name;
      if (name)
        chips.push({
          key: `${key}-${id}`,
          label: name,
          href: without({ [key]: filters[key].filter((x) => x !== id) }),
        });
    }
  };
  add(master.categories, "categoryIds");
  add(master.prefectures, "prefectureIds");
  add(master.features, "featureIds");
  add(master.certificationTypes, "certificationIds");
  const unit = filters.quantityUnit ?? "";
  if (filters.moqMax !== undefined) {
    chips.push({
      key: "moq",
      label: `MOQ ${filters.moqMax.toLocaleString("ja-JP")}${unit}以下`,
      href: without({ moqMax: undefined }),
    });
  }
  if (filters.capacityMin !== undefined) {
    chips.push({
      key: "capacity",
      label: `月産 ${filters.capacityMin.toLocaleString("ja-JP")}${unit}以上`,
      href: without({ capacityMin: undefined }),
    });
  }
  add(master.processes, "processIds");
  if (!chips.length) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <span className="text-xs font-bold text-slate-500">指定中の条件</span>
      <ul className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.key}>
            <Link
              href={c.href}
              aria-label={`${c.label}の条件を外す`}
              className="inline-flex items-center gap-1 rounded-full border border-brand-600/30 bg-brand-50 py-1 pr-2 pl-3 text-xs font-bold text-brand-700 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {c.label}
              <SpriteIcon name="x" className="size-3.5" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyState({ filters, master }: { filters: Filters; master: SearchMasterData }) {
  const suggestions = master.categories.slice(0, 8);
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-5 py-10 text-center desktop:px-10">
      <SpriteIcon name="search-x" className="mx-auto size-10 text-slate-400" />
      <p className="mt-3 text-lg font-bold [word-break:auto-phrase] text-slate-900">
        条件に合うOEMメーカーが見つかりませんでした
      </p>
      <ul className="mx-auto mt-4 max-w-md list-disc space-y-1.5 pl-5 text-left text-sm leading-6 [word-break:auto-phrase] text-slate-700">
        {filters.keyword && (
          <li>キーワードを短くするか、別の言葉（例：「部品」「化粧品」「小ロット」）でお試しください。</li>
        )}
        <li>カテゴリ・所在地・特徴・認証・ロットの条件を減らすと、見つかりやすくなります。</li>
        <li>
          ぴったりの企業が見つからないときは、
          <Link href={BULK_INQUIRY_HREF} className="font-bold text-brand-700 underline underline-offset-2">
            一括問い合わせ
          </Link>
          で案件を掲載すると、対応できるOEMメーカーから提案が届きます。
        </li>
      </ul>
      <div className="mt-6">
        <p className="text-sm font-bold text-slate-700">カテゴリから探す</p>
        <ul className="mt-2 flex flex-wrap justify-center gap-2">
          {suggestions.map((c) => (
            <li key={c.id}>
              <Link
                href={searchHref({
                  ...filters,
                  keyword: undefined,
                  categoryIds: [c.id],
                  prefectureIds: [],
                  featureIds: [],
                  certificationIds: [],
                  processIds: [],
                  moqMax: undefined,
                  capacityMin: undefined,
                  quantityUnit: undefined,
                })}
                className="inline-flex rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <Link
        href={SEARCH_PATH}
        className="mt-8 inline-flex h-11 items-center rounded-md bg-brand-600 px-6 font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        すべてのOEMメーカーを見る
      </Link>
    </div>
  );
}

export function SearchResults({
  filters,
  master,
  page,
  items,
  total,
}: {
  filters: Filters;
  master: SearchMasterData;
  page: number;
  items: SupplierCard[];
  total: number;
}) {
  const last = totalPages(total);
  const from = (page - 1) * PER_PAGE + 1;
  const to = from + items.length - 1;
  return (
    <section aria-labelledby="search-result-count" className="min-w-0">
      <div className="flex flex-col gap-3 border-b border-slate-200 pb-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="search-result-count" className="text-lg font-bold text-slate-900 desktop:text-xl">
            {total > 0 ? (
              <>
                <span className="text-2xl text-brand-700 tabular-nums desktop:text-3xl">
                  {total.toLocaleString("ja-JP")}
                </span>
                件のOEMメーカーが見つかりました
              </>
            ) : (
              "該当するOEMメーカーは0件でした"
            )}
          </h2>
          {total > PER_PAGE && items.length > 0 && (
            <p className="mt-1 text-xs text-slate-500">
              {from.toLocaleString("ja-JP")}〜{to.toLocaleString("ja-JP")}件を表示
            </p>
          )}
        </div>
        {total > 0 && <SortSelect value={filters.sort} />}
      </div>
      <ActiveFilters filters={filters} master={master} />

      <div className="mt-6">
        {items.length > 0 ? (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            {items.map((s, i) => (
              <li key={s.id} className="flex">
                {/* Each card (its selection toggle) hydrates on its own, in a short task. */}
                <HydrateApart>
                  <SupplierResultCard supplier={s} priority={i < 2} />
                </HydrateApart>
              </li>
            ))}
          </ul>
        ) : total > 0 ? (
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-5 py-10 text-center">
            <p className="font-bold text-slate-900">このページに表示できる企業はありません。</p>
            <Link
              href={searchHref(filters, 1)}
              className="mt-4 inline-block font-bold text-brand-700 underline underline-offset-2"
            >
              検索結果の1ページ目へ
            </Link>
          </div>
        ) : (
          <EmptyState filters={filters} master={master} />
        )}
      </div>
      <SearchPagination filters={filters} page={page} last={last} />
    </section>
  );
}
