import type { Metadata } from "next";
import { cache } from "react";
import { HydrateApart } from "@/components/layout/hydrate-apart";
import Link from "@/components/ui/link";
import { env } from "@/env";
import { SITE_NAME, shareMetadata } from "@/lib/seo";
import { isCertificationClaim } from "@/modules/companies/public-claims";
import { searchSuppliers } from "@/modules/companies/supplier-directory.service";
import { type SearchMasterData, SupplierSearchForm } from "@/modules/companies/ui/search-form";
import {
  canonicalSearchPath,
  hasCapabilityFilters,
  hasFilters,
  PER_PAGE,
  parseSearchParams,
  type RawSearchParams,
  type SearchState,
  searchSubject,
} from "@/modules/companies/ui/search-params";
import { SearchResults } from "@/modules/companies/ui/search-results";
import { SelectionBar } from "@/modules/companies/ui/selection-bar";
import {
  listCategories,
  listCertificationTypes,
  listFeatures,
  listPrefectures,
  listProcesses,
} from "@/modules/master-data/master-data.service";
import { db } from "@/server/db/client";

// Rendered per request from the database (no HTTP hop to the API).
export const dynamic = "force-dynamic";

interface Props {
  searchParams: Promise<RawSearchParams>;
}

const loadMaster = cache(async (): Promise<SearchMasterData> => {
  const [categories, prefectures, features, certificationTypes, processes] = await Promise.all([
    listCategories(db()),
    listPrefectures(db()),
    listFeatures(db()),
    listCertificationTypes(db()),
    listProcesses(db()),
  ]);
  return {
    categories: categories.map(({ id, name }) => ({ id, name })),
    prefectures: prefectures.map(({ id, name, region }) => ({ id, name, region })),
    features: features.map(({ id, name, slug }) => ({
      id,
      name,
      certificationClaim: isCertificationClaim(slug),
    })),
    certificationTypes: certificationTypes.map(({ id, name, kind }) => ({ id, name, kind })),
    processes: processes.map(({ id, name }) => ({ id, name })),
  };
});

// generateMetadata and the page share one search per request (React cache keys on the string).
const runSearch = cache((key: string) => {
  const state = JSON.parse(key) as SearchState;
  return searchSuppliers(db(), state.filters, { page: state.page, perPage: PER_PAGE });
});

async function load(searchParams: Props["searchParams"]) {
  const master = await loadMaster();
  const state = parseSearchParams(await searchParams, {
    categoryIds: master.categories.map((c) => c.id),
    prefectureIds: master.prefectures.map((p) => p.id),
    featureIds: master.features.map((f) => f.id),
    certificationIds: master.certificationTypes.map((t) => t.id),
    processIds: master.processes.map((p) => p.id),
  });
  const result = await runSearch(JSON.stringify(state));
  return { master, state, result };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { master, state, result } = await load(searchParams);
  const { subject, label } = searchSubject(state.filters, master);
  const title = state.page > 1 ? `${label}（${state.page}ページ目）` : label;
  const count = result.total.toLocaleString("ja-JP");
  const description = hasFilters(state.filters)
    ? `${subject}を${count}社掲載しています。所在地・対応カテゴリ・事例を比較して、気になる企業に無料でまとめて問い合わせできます。`
    : `OEMマッチに掲載中のOEMメーカー${count}社を、カテゴリ・所在地・特徴・キーワードで検索できます。気になる企業には無料でまとめて問い合わせできます。`;
  const canonical = `${env().APP_URL}${canonicalSearchPath(state.filters, state.page)}`;
  // Free-text searches, capability narrowings and empty pages are not worth indexing; category and
  // area lists are.
  const index = !state.filters.keyword && !hasCapabilityFilters(state.filters) && result.items.length > 0;
  return {
    title,
    description,
    alternates: { canonical },
    robots: index ? undefined : { index: false, follow: true },
    ...shareMetadata({ title: `${title} | ${SITE_NAME}`, description, url: canonical }),
  };
}

export default async function SupplierSearchPage({ searchParams }: Props) {
  const { master, state, result } = await load(searchParams);
  const { label } = searchSubject(state.filters, master);
  return (
    <div className="bg-slate-50/60">
      <div className="mx-auto w-full max-w-[1080px] px-4 pt-6 pb-16 desktop:px-10 desktop:pt-8">
        <nav aria-label="パンくずリスト" className="text-xs text-slate-500">
          <ol className="flex flex-wrap items-center gap-1.5">
            <li>
              <Link href="/" className="hover:text-brand-700 hover:underline">
                トップ
              </Link>
            </li>
            <li aria-hidden>›</li>
            <li aria-current="page" className="text-slate-700">
              OEMメーカーを探す
            </li>
          </ol>
        </nav>
        <h1 className="mt-3 text-2xl leading-snug font-bold [word-break:auto-phrase] text-slate-900 desktop:text-3xl">
          {label}
        </h1>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          気になる企業を「一括問い合わせに追加」すると、まとめて問い合わせできます（最大20社）。
        </p>

        <div className="mt-6 grid grid-cols-1 gap-6 desktop:mt-8 desktop:grid-cols-[260px_minmax(0,1fr)] desktop:gap-8">
          <aside className="desktop:self-start desktop:rounded-lg desktop:border desktop:border-slate-200 desktop:bg-white desktop:p-5">
            <HydrateApart>
              <SupplierSearchForm filters={state.filters} master={master} />
            </HydrateApart>
          </aside>
          <SearchResults
            filters={state.filters}
            master={master}
            page={state.page}
            items={result.items}
            total={result.total}
          />
        </div>
      </div>
      <HydrateApart>
        <SelectionBar />
      </HydrateApart>
    </div>
  );
}
