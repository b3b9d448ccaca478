"use client";

// The OEM information form's welcome note, section navigation and choice chips.
import { Check, Sparkles } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import Link from "@/components/ui/link";
import { LoadError } from "@/components/ui/load-state";
import { ProgressBar } from "@/components/ui/page-parts";
import type { NamedItem } from "@/lib/api/master-data";
import { cn } from "@/lib/cn";

import type { OemInformation } from "./oem-information-model";

export function Welcome({ info }: { info: OemInformation | undefined }) {
  if (!info) return null;
  const complete = info.profileCompleteness >= 100;
  return (
    <Alert tone={complete ? "success" : "info"} title="OEMマッチへようこそ">
      {complete ? (
        <p>
          OEM情報はすべて入力されています。取引条件や写真が最新の内容になっているか、ときどき見直しましょう。
        </p>
      ) : (
        <p>
          まずはOEM情報を登録しましょう（現在のプロフィール充実度は{info.profileCompleteness}
          %です）。充実度が高いほど、おすすめ順の検索結果で上位に表示されやすくなります。キャッチコピー・強み・対応カテゴリから入力するのがおすすめです。
        </p>
      )}
    </Alert>
  );
}

/** The sticky bar above the form: profile completeness and the sections, each marked when filled. */
export function SectionNav({
  percent,
  missing,
  sections,
  active,
}: {
  percent: number;
  missing: { label: string; href: string }[];
  sections: { id: string; label: string; done: boolean }[];
  active: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  // On narrow screens the chips scroll sideways: keep the current one in view.
  useEffect(() => {
    const nav = navRef.current;
    const link = active ? nav?.querySelector<HTMLElement>(`a[href="#${active}"]`) : null;
    if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollTo({ left: link.offsetLeft - nav.clientWidth / 2 + link.offsetWidth / 2, behavior: "smooth" });
  }, [active]);
  return (
    <div className="sticky top-16 z-30 -mx-4 border-b border-slate-200 bg-white/95 px-4 pt-3 pb-2 backdrop-blur desktop:top-[72px] desktop:mx-0 desktop:rounded-lg desktop:border desktop:px-5 desktop:shadow-sm">
      <div className="flex items-center gap-3">
        <Sparkles aria-hidden className="size-4 shrink-0 text-amber-500" />
        <p className="shrink-0 text-sm font-bold text-slate-800">
          プロフィール充実度 <span className="text-lg text-brand-700 tabular-nums">{percent}%</span>
        </p>
        <ProgressBar value={percent} label="プロフィール充実度" className="min-w-16 flex-1" />
        {missing.length > 0 && (
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="completeness-missing"
            className="shrink-0 rounded text-xs font-bold text-brand-700 underline-offset-4 hover:underline"
          >
            未入力{missing.length}件
          </button>
        )}
      </div>
      {open && missing.length > 0 && (
        <ul id="completeness-missing" className="mt-2 flex flex-wrap gap-1.5 border-t border-slate-100 pt-2">
          {missing.map((m) => (
            <li key={m.label}>
              <Link
                href={m.href}
                onClick={() => setOpen(false)}
                className="inline-flex rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-bold text-amber-800 hover:bg-amber-100"
              >
                {m.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <nav ref={navRef} aria-label="OEM情報のセクション" className="relative -mx-1 mt-2 overflow-x-auto">
        <ol className="flex w-max gap-1 px-1 pb-1 desktop:w-full desktop:justify-between">
          {sections.map((s, i) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                aria-current={active === s.id ? "location" : undefined}
                className={cn(
                  "flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-bold whitespace-nowrap transition-colors desktop:text-sm",
                  active === s.id ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                <span
                  className={cn(
                    "flex size-5 items-center justify-center rounded-full text-[11px]",
                    s.done
                      ? "bg-emerald-500 text-white"
                      : active === s.id
                        ? "bg-white/25 text-white"
                        : "bg-slate-200 text-slate-600",
                  )}
                >
                  {s.done ? <Check aria-hidden className="size-3.5" /> : i + 1}
                </span>
                {s.label}
                <span className="sr-only">{s.done ? "（入力済み）" : "（未入力あり）"}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}

/** The section whose top is nearest below the sticky bars. */
export function useActiveSection(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join(",");
  useEffect(() => {
    const list = key.split(",");
    const onScroll = () => {
      let current = list[0];
      for (const id of list) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top < window.innerHeight * 0.35) current = id;
      }
      setActive(current);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [key]);
  return active;
}

/**
 * Checkbox chips (categories, features; the capabilities' processes and materials). With a maximum,
 * the others are disabled once full; without one, any number may be chosen. `wide`: four columns.
 */
export function ChoiceGroup({
  legend,
  note,
  items,
  loadError,
  value,
  onChange,
  max,
  wide = false,
  error,
}: {
  legend: string;
  note: string;
  items: NamedItem[] | undefined;
  loadError: unknown;
  value: number[];
  onChange: (next: number[]) => void;
  max?: number;
  wide?: boolean;
  error?: string;
}) {
  const full = max !== undefined && value.length >= max;
  const chosen = useMemo(() => new Set(value), [value]);
  return (
    <fieldset className="flex flex-col gap-3" data-invalid={error ? true : undefined}>
      <legend className="mb-3 flex w-full flex-wrap items-baseline justify-between gap-2 text-sm font-bold text-slate-800">
        <span>
          {legend}
          <span className="ml-2 font-normal text-slate-500">（{note}）</span>
        </span>
        <span className={cn("text-xs font-bold", full ? "text-amber-700" : "text-slate-500")}>
          {max === undefined ? `${value.length}件選択中` : `${value.length} / ${max} 選択中`}
        </span>
      </legend>
      {loadError ? (
        <LoadError error={loadError} />
      ) : !items ? (
        <div className="h-24 animate-pulse rounded-md bg-slate-100" />
      ) : (
        <ul className={cn("grid grid-cols-2 gap-2", wide ? "desktop:grid-cols-4" : "desktop:grid-cols-3")}>
          {items.map((item) => {
            const checked = chosen.has(item.id);
            const disabled = !checked && full;
            return (
              <li key={item.id}>
                <label
                  className={cn(
                    "flex h-full cursor-pointer items-center gap-2 rounded-md border px-3 py-2.5 text-sm leading-5 transition-colors",
                    checked
                      ? "border-brand-600 bg-brand-50 font-bold text-brand-700"
                      : "border-slate-300 bg-white text-slate-700 hover:border-brand-600/50",
                    disabled && "cursor-not-allowed opacity-50 hover:border-slate-300",
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-brand-600"
                    checked={checked}
                    disabled={disabled}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...value, item.id] : value.filter((id) => id !== item.id))
                    }
                  />
                  {item.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {full && max !== undefined && max < (items?.length ?? 0) && (
        <p className="text-xs text-amber-700">
          {legend}は{max}つまで選択できます。変更する場合は、選択済みのものを外してください。
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
