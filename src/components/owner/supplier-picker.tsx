"use client";

// A searchable select of supplier companies (GET /api/owner/oem?keyword=), as an ARIA combobox:
// type part of a name, pick with the mouse or the arrow keys and Enter. Shared by the console's
// pages that pick a supplier (billing, inquiries).
import { Loader2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { useOwnerApi } from "@/lib/owner/owner-session";
import { StatusBadge } from "./parts";

export interface PickedSupplier {
  id: string;
  name: string;
  ticketBalance?: number;
  paymentStatus?: "OEM_FREE" | "OEM_PAID";
}

/** The fields of GET /api/owner/oem's rows that the picker reads. */
interface OwnerSupplierItem {
  id: string;
  name: string;
  ticketBalance: number;
  paymentStatus: "OEM_FREE" | "OEM_PAID";
}

export function SupplierPicker({
  value,
  onChange,
  id,
  placeholder = "企業名・電話番号・メールで検索",
  ...aria
}: {
  value: PickedSupplier | null;
  onChange: (next: PickedSupplier | null) => void;
  placeholder?: string;
  /** From FormField. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? "");
  const [keyword, setKeyword] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // The chosen company's name shows in the box (also when chosen from outside, e.g. ?companyId=).
  useEffect(() => {
    if (value) setText(value.name);
  }, [value]);

  useEffect(() => {
    const t = setTimeout(() => setKeyword(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);

  const q = new URLSearchParams({ status: "ACTIVE", perPage: "10", sort: "name" });
  if (keyword && keyword !== value?.name) q.set("keyword", keyword);
  const { data, isLoading } = useOwnerApi<{ items: OwnerSupplierItem[]; total: number }>(
    open ? `/api/owner/oem?${q.toString()}` : null,
    { keepPreviousData: true },
  );
  const items = data?.items ?? [];

  const pick = (s: OwnerSupplierItem) => {
    onChange({ id: s.id, name: s.name, ticketBalance: s.ticketBalance, paymentStatus: s.paymentStatus });
    setText(s.name);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, items.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      const s = items[active];
      if (s) pick(s);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="relative">
      <Input
        id={id}
        {...aria}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && items[active] ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {isLoading && !data ? (
            <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              検索しています…
            </p>
          ) : items.length === 0 ? (
            <p role="status" className="px-3 py-2 text-sm text-slate-600">
              該当するOEMメーカーはありません。
            </p>
          ) : (
            <div id={listId} role="listbox" aria-label="OEMメーカーの候補">
              {items.map((s, i) => (
                <div
                  key={s.id}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(s)}
                  onKeyDown={(e) => e.key === "Enter" && pick(s)}
                  onMouseEnter={() => setActive(i)}
                  className={cn(
                    "flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm",
                    i === active && "bg-brand-50",
                  )}
                >
                  <span className="font-bold text-slate-900">{s.name}</span>
                  <StatusBadge kind="payment" value={s.paymentStatus} />
                  <span className="text-xs text-slate-600">残り{s.ticketBalance}枚</span>
                </div>
              ))}
            </div>
          )}
          {data && data.total > items.length && (
            <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
              ほか{data.total - items.length}件。企業名を続けて入力すると絞り込めます。
            </p>
          )}
        </div>
      )}
    </div>
  );
}
