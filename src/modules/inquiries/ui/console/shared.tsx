"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import Link from "@/components/ui/link";
import { ApiError } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useOwnerApi } from "@/lib/owner/owner-session";
import type { OwnerEntryItem, OwnerInquiryItem } from "../../inquiry-operator.schema";

/** The console's link style and list refresh, under the names these pages use. */
export const link = linkClass;
export const useRefresh = useRefreshOwner;

export type InquiryType = "BULK" | "NOMINATION";
export type InquiryStatus = OwnerInquiryItem["status"];
export type EntryStatus = OwnerEntryItem["status"];

/** 2026-04-01 → 2026/04/01 (calendar dates of the API). */
export const day = (d: string | null | undefined) => (d ? d.replaceAll("-", "/") : "—");

// ---------------------------------------------------------------- shared pieces

/**
 * A form dialog's submit: busy while the action runs; when it fails, the API's message and the
 * errors of the known fields (errorsOf).
 */
export function useDialogSubmit(known: string[]) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const clear = () => {
    setError(undefined);
    setFields({});
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    clear();
    try {
      await action();
    } catch (e) {
      const out = errorsOf(e, known);
      setError(out.message);
      setFields(out.fields);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, fields, setFields, clear, run };
}

/** The API's message and field errors of a failed change; other field keys join the message. */
export function errorsOf(e: unknown, known: string[]): { message: string; fields: Record<string, string> } {
  if (!(e instanceof ApiError)) return { message: messageOf(e), fields: {} };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [k, v] of Object.entries(e.fields)) {
    if (known.includes(k)) fields[k] = v;
    else rest.push(v);
  }
  return { message: [e.message, ...rest].join(" "), fields };
}

/** 「OEMメーカー「○○」で絞り込んでいます。解除」 for list parameters passed in the URL. */
export function ScopeNotice({ items }: { items: Array<{ param: string; label: string; name?: string }> }) {
  const pathname = usePathname() ?? "";
  const params = useSearchParams() ?? new URLSearchParams();
  const active = items.filter((i) => params.get(i.param));
  if (active.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {active.map((i) => {
        const next = new URLSearchParams(params);
        next.delete(i.param);
        next.delete("page");
        const qs = next.toString();
        return (
          <li
            key={i.param}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
          >
            <span className="min-w-0 break-words">
              {i.label}「{i.name ?? "読み込み中…"}」で絞り込んでいます。
            </span>
            <Link href={qs ? `${pathname}?${qs}` : pathname} className={link}>
              解除する
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The name of a company (or inquiry) a list is scoped to, for ScopeNotice. */
export function useScopeName<T>(path: string | null, pick: (data: T) => string): string | undefined {
  const { data, error } = useOwnerApi<T>(path);
  if (error) return "（見つかりません）";
  return data ? pick(data) : undefined;
}
