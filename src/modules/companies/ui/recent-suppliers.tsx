"use client";

// The supplier pages a visitor opened last (newest first, at most 5), kept in localStorage under
// `recentSuppliers` as { id, name } with the name as the page showed it (企業名非公開 stays
// hidden). The nominated inquiry without a supplier (/buyer/single-inquiry) offers them.

import { useEffect, useState } from "react";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { companyHref, singleInquiryHref } from "@/lib/site-paths";
import { isUuid } from "@/lib/uuid";

export const RECENT_SUPPLIERS_KEY = "recentSuppliers";
export const MAX_RECENT_SUPPLIERS = 5;

export interface RecentSupplier {
  id: string;
  name: string;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, blocked cookies)
  }
}

/** The stored list; anything malformed is dropped rather than trusted. */
export function parseRecent(raw: string | null): RecentSupplier[] {
  try {
    const data: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(data)) return [];
    return data
      .filter(
        (i): i is RecentSupplier =>
          Boolean(i) && typeof i.id === "string" && isUuid(i.id) && typeof i.name === "string",
      )
      .map((i) => ({ id: i.id, name: i.name.slice(0, 200) }))
      .slice(0, MAX_RECENT_SUPPLIERS);
  } catch {
    return [];
  }
}

/** Puts the supplier first, without duplicates, keeping the newest five. */
export function withRecent(list: RecentSupplier[], supplier: RecentSupplier): RecentSupplier[] {
  return [supplier, ...list.filter((s) => s.id !== supplier.id)].slice(0, MAX_RECENT_SUPPLIERS);
}

/** Rendered by a supplier's public page: records the visit. */
export function RecordRecentSupplier({ id, name }: RecentSupplier) {
  useEffect(() => {
    const store = storage();
    if (!store) return;
    try {
      const next = withRecent(parseRecent(store.getItem(RECENT_SUPPLIERS_KEY)), { id, name });
      store.setItem(RECENT_SUPPLIERS_KEY, JSON.stringify(next));
    } catch {
      // quota exceeded: the list is a convenience
    }
  }, [id, name]);
  return null;
}

/** The suppliers viewed last, each with its page and the nominated inquiry to it. */
export function RecentSuppliers() {
  const [list, setList] = useState<RecentSupplier[] | null>(null);
  useEffect(() => setList(parseRecent(storage()?.getItem(RECENT_SUPPLIERS_KEY) ?? null)), []);
  if (list === null) return null;
  if (list.length === 0) {
    return <p className="text-sm text-slate-600">最近ご覧になったOEMメーカーはまだありません。</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {list.map((s) => (
        <li
          key={s.id}
          className="flex flex-col gap-2 p-4 desktop:flex-row desktop:items-center desktop:justify-between"
        >
          <Link href={companyHref(s.id)} className="font-bold text-brand-700 hover:underline">
            {s.name}
          </Link>
          <Link
            href={singleInquiryHref(s.id)}
            aria-label={`${s.name}に問い合わせる`}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <SpriteIcon name="send" className="size-4" />
            この企業に問い合わせる
          </Link>
        </li>
      ))}
    </ul>
  );
}
