"use client";

import type { Prefecture } from "@/lib/api/master-data";

/** 都道府県 options grouped by region (北海道・東北, 関東 …). */
export function PrefectureOptions({ items }: { items: Prefecture[] | undefined }) {
  const groups = new Map<string, Prefecture[]>();
  for (const p of items ?? []) groups.set(p.region, [...(groups.get(p.region) ?? []), p]);
  return (
    <>
      <option value="">{items ? "選択してください" : "読み込み中…"}</option>
      {[...groups].map(([region, list]) => (
        <optgroup key={region} label={region}>
          {list.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
