"use client";

import { ChevronDown, X } from "lucide-react";
import { useId, useMemo } from "react";

export interface Prefecture {
  id: number;
  name: string;
  region: string;
}

/**
 * 希望する製造地域: the chosen prefectures as removable chips, and all 47 by region (JIS
 * order) folded under 「都道府県を選ぶ」. None chosen means anywhere in Japan.
 */
export function PrefecturePicker({
  prefectures,
  value,
  onChange,
  error,
  loadError,
}: {
  prefectures: Prefecture[] | undefined;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  loadError?: string;
}) {
  const id = useId();
  const chosen = new Set(value);
  const byId = useMemo(() => new Map((prefectures ?? []).map((p) => [p.id, p])), [prefectures]);
  const regions = useMemo(() => {
    const groups: Array<{ region: string; items: Prefecture[] }> = [];
    for (const p of prefectures ?? []) {
      const last = groups.at(-1);
      if (last?.region === p.region) last.items.push(p);
      else groups.push({ region: p.region, items: [p] });
    }
    return groups;
  }, [prefectures]);

  const toggle = (pid: number, on: boolean) => {
    const next = on ? [...value, pid] : value.filter((v) => v !== pid);
    onChange([...new Set(next)].sort((a, b) => a - b));
  };
  const toggleRegion = (items: Prefecture[], on: boolean) => {
    const ids = new Set(value);
    for (const p of items) {
      if (on) ids.add(p.id);
      else ids.delete(p.id);
    }
    onChange([...ids].sort((a, b) => a - b));
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-bold text-slate-800">
        希望する製造地域
        <span className="ml-2 rounded bg-slate-500 px-1.5 py-0.5 text-xs font-bold text-white">任意</span>
      </legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        工場の所在地の希望があれば選んでください。選ばない場合は全国が対象です。
      </p>
      {value.length > 0 && (
        <ul aria-label="選択中の都道府県" className="flex flex-wrap gap-2">
          {value.map((pid) => {
            const name = byId.get(pid)?.name ?? `都道府県${pid}`;
            return (
              <li key={pid}>
                <button
                  type="button"
                  onClick={() => toggle(pid, false)}
                  aria-label={`${name}を外す`}
                  className="inline-flex h-8 items-center gap-1 rounded-full border border-brand-600 bg-brand-50 pr-2 pl-3 text-sm font-bold text-brand-700 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {name}
                  <X aria-hidden className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <details className="group rounded-md border border-slate-300 bg-white">
        <summary className="flex h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 text-sm font-bold text-slate-800 [&::-webkit-details-marker]:hidden">
          <span>
            都道府県を選ぶ
            {value.length > 0 && (
              <span className="ml-2 font-normal text-slate-600">（{value.length}件選択中）</span>
            )}
          </span>
          <ChevronDown
            aria-hidden
            className="size-4 text-slate-500 transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="flex flex-col gap-4 border-t border-slate-200 p-3">
          {!prefectures && <p className="text-sm text-slate-500">{loadError ?? "読み込み中…"}</p>}
          {regions.map((g) => {
            const all = g.items.every((p) => chosen.has(p.id));
            return (
              <div key={g.region} className="flex flex-col gap-1">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-xs font-bold text-slate-500">{g.region}</p>
                  {g.items.length > 1 && (
                    <button
                      type="button"
                      onClick={() => toggleRegion(g.items, !all)}
                      className="rounded px-2 py-1 text-xs font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {all ? `${g.region}をすべて外す` : `${g.region}をすべて選ぶ`}
                    </button>
                  )}
                </div>
                <div className="grid grid-cols-3 gap-x-2 desktop:grid-cols-6">
                  {g.items.map((p) => (
                    <label
                      key={p.id}
                      className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1.5 text-sm text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                    >
                      <input
                        type="checkbox"
                        checked={chosen.has(p.id)}
                        onChange={(e) => toggle(p.id, e.target.checked)}
                        className="size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
                      />
                      <span>{p.name}</span>
                    </label>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      </details>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
