// The filters of /oem/search: one GET form (next/form navigates on the client once the
// script has loaded and is a plain form before), so every search is a shareable URL.
// Phones: the keyword box, then the filters folded under 「条件で絞り込む」. Desktop: the
// same form as an always-open sidebar (the <details> is forced open by CSS there).

import Form from "next/form";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { cn } from "@/lib/cn";
import { SEARCH_FORM_ID, SEARCH_PATH } from "@/lib/site-paths";
import type { SupplierSearchFilters } from "../supplier-directory.schema";
import { CloseOnSearch } from "./close-on-search";
import { CapabilityFilters, type CapabilityMasterData } from "./search-capability-filters";

interface Named {
  id: number;
  name: string;
}

export interface SearchMasterData extends CapabilityMasterData {
  categories: Named[];
  prefectures: Array<Named & { region: string }>;
  /** A certificationClaim (「ISO認証」…) is not offered: the verified filter is (issue 33). */
  features: Array<Named & { certificationClaim?: boolean }>;
}

function groupByRegion(prefectures: SearchMasterData["prefectures"]) {
  const groups: Array<{ region: string; prefectures: Named[] }> = [];
  for (const p of prefectures) {
    const last = groups.at(-1);
    if (last && last.region === p.region) last.prefectures.push(p);
    else groups.push({ region: p.region, prefectures: [p] });
  }
  return groups;
}

function Check({ name, item, checked }: { name: string; item: Named; checked: boolean }) {
  return (
    // .filter-check is in globals.css: the form has some 75 of these.
    <label className="filter-check">
      <input type="checkbox" name={name} value={item.id} defaultChecked={checked} />
      <span>{item.name}</span>
    </label>
  );
}

function Group({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn("border-t border-slate-200 pt-4", className)}>
      <legend className="mb-2 text-sm font-bold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function SupplierSearchForm({
  filters,
  master,
}: {
  filters: SupplierSearchFilters;
  master: SearchMasterData;
}) {
  const selectedCount =
    filters.categoryIds.length +
    filters.prefectureIds.length +
    filters.featureIds.length +
    filters.certificationIds.length +
    filters.processIds.length +
    (filters.moqMax !== undefined ? 1 : 0) +
    (filters.capacityMin !== undefined ? 1 : 0);
  const cats = new Set(filters.categoryIds);
  const prefs = new Set(filters.prefectureIds);
  const feats = new Set(filters.featureIds);
  const regions = groupByRegion(master.prefectures);

  return (
    <search aria-label="OEMメーカーの検索条件">
      <Form action={SEARCH_PATH} id={SEARCH_FORM_ID} className="flex flex-col gap-4">
        {/* The sort select above the results belongs to this form too (form attribute), so a
            search keeps the chosen order and always starts over from page 1. */}
        <div>
          <label htmlFor="supplier-keyword" className="text-sm font-bold text-slate-900">
            キーワード
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              id="supplier-keyword"
              name="keyword"
              type="search"
              enterKeyHint="search"
              maxLength={100}
              defaultValue={filters.keyword ?? ""}
              placeholder="例：部品"
              aria-describedby="supplier-keyword-hint"
              className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-base placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
            />
            <Button type="submit" className="shrink-0 px-4" aria-label="検索">
              <SpriteIcon name="search" className="size-5" />
              <span className="desktop:hidden">検索</span>
            </Button>
          </div>
          <p id="supplier-keyword-hint" className="mt-1.5 text-xs text-slate-500">
            企業名・得意分野・事例から探せます。スペースで区切ると、すべての言葉を含む企業に絞り込みます。
          </p>
        </div>

        <CloseOnSearch detailsId="supplier-filters" />
        <details
          id="supplier-filters"
          className="group/filters rounded-lg border border-slate-200 bg-white desktop:rounded-none desktop:border-0 desktop:details-content:[content-visibility:visible]"
        >
          <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 px-4 text-sm font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 desktop:hidden [&::-webkit-details-marker]:hidden">
            <SpriteIcon name="sliders-horizontal" className="size-4 text-brand-600" />
            条件で絞り込む
            {selectedCount > 0 && (
              <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
                {selectedCount}件指定中
              </span>
            )}
            <SpriteIcon
              name="chevron-down"
              className="ml-auto size-4 text-slate-500 transition-transform group-open/filters:rotate-180"
            />
          </summary>
          <div className="flex flex-col gap-5 px-4 pb-4 desktop:px-0 desktop:pb-0">
            <Group
              legend="カテゴリ"
              className="border-t-0 pt-0 group-open/filters:border-t desktop:border-t-0 desktop:pt-0"
            >
              <div className="grid grid-cols-2 gap-x-2 desktop:grid-cols-1">
                {master.categories.map((c) => (
                  <Check key={c.id} name="categoryIds" item={c} checked={cats.has(c.id)} />
                ))}
              </div>
            </Group>

            <Group legend="所在地（本社・工場）">
              <details open={prefs.size > 0} className="group/prefs">
                <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                  <span>{prefs.size > 0 ? `${prefs.size}件の都道府県を選択中` : "都道府県を選ぶ"}</span>
                  <SpriteIcon
                    name="chevron-down"
                    className="size-4 text-slate-500 transition-transform group-open/prefs:rotate-180"
                  />
                </summary>
                <div className="mt-3 flex flex-col gap-3">
                  {regions.map((g) => (
                    <fieldset key={g.region}>
                      <legend className="mb-1 text-xs font-bold text-slate-500">{g.region}</legend>
                      <div className="grid grid-cols-3 gap-x-1 desktop:grid-cols-2">
                        {g.prefectures.map((p) => (
                          <Check key={p.id} name="prefectureIds" item={p} checked={prefs.has(p.id)} />
                        ))}
                      </div>
                    </fieldset>
                  ))}
                </div>
              </details>
            </Group>

            <Group legend="特徴（自己申告）">
              <div className="grid grid-cols-2 gap-x-2 desktop:grid-cols-1">
                {/* A claim chosen in the URL stays, so it can be unchecked. */}
                {master.features
                  .filter((f) => !f.certificationClaim || feats.has(f.id))
                  .map((f) => (
                    <Check key={f.id} name="featureIds" item={f} checked={feats.has(f.id)} />
                  ))}
              </div>
            </Group>

            <CapabilityFilters filters={filters} master={master} />

            <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
              <Button type="submit" className="w-full">
                この条件で検索
              </Button>
              <Link
                href={SEARCH_PATH}
                className="rounded-md py-2 text-center text-sm font-bold text-slate-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                条件をすべてクリア
              </Link>
            </div>
          </div>
        </details>
      </Form>
    </search>
  );
}
