"use client";

// The companies a buyer picked in the search for a bulk inquiry (spec §3 "Selected
// companies"): kept in localStorage under `selectedCompanies` as an array of { id, name },
// at most 20 (PRODUCT.md). It survives reloads, and the `storage` event keeps other tabs
// in step. The bulk inquiry flow reads it with useSelectedCompanies() or readSelectedCompanies().
import { useSyncExternalStore } from "react";

export const SELECTED_COMPANIES_KEY = "selectedCompanies";
export const MAX_SELECTED_COMPANIES = 20;
export const SELECTION_FULL_MESSAGE = `一括問い合わせに追加できるのは${MAX_SELECTED_COMPANIES}社までです。他の企業を外してから追加してください。`;

export interface SelectedCompany {
  id: string;
  name: string;
}

const EMPTY: SelectedCompany[] = [];
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: SelectedCompany[] } = { raw: null, value: EMPTY };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, blocked cookies)
  }
}

/** Parses the stored value; anything malformed is dropped rather than trusted. */
export function parseSelected(raw: string | null): SelectedCompany[] {
  if (!raw) return EMPTY;
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return EMPTY;
    const seen = new Set<string>();
    const out: SelectedCompany[] = [];
    for (const item of data) {
      if (!item || typeof item !== "object") continue;
      const { id, name } = item as Record<string, unknown>;
      if (typeof id !== "string" || !id || seen.has(id)) continue;
      seen.add(id);
      out.push({ id, name: typeof name === "string" ? name : "" });
    }
    return out.slice(0, MAX_SELECTED_COMPANIES);
  } catch {
    return EMPTY;
  }
}

export function readSelectedCompanies(): SelectedCompany[] {
  const raw = storage()?.getItem(SELECTED_COMPANIES_KEY) ?? null;
  if (raw !== cache.raw) cache = { raw, value: parseSelected(raw) };
  return cache.value;
}

function write(next: SelectedCompany[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (next.length) store.setItem(SELECTED_COMPANIES_KEY, JSON.stringify(next));
    else store.removeItem(SELECTED_COMPANIES_KEY);
  } catch {
    // quota exceeded: keep the previous selection
  }
  for (const l of listeners) l();
}

export type ToggleResult = "added" | "removed" | "full";

/** Adds the company, or removes it when already selected; refuses a 21st company. */
export function toggleSelectedCompany(company: SelectedCompany): ToggleResult {
  const current = readSelectedCompanies();
  if (current.some((c) => c.id === company.id)) {
    write(current.filter((c) => c.id !== company.id));
    return "removed";
  }
  if (current.length >= MAX_SELECTED_COMPANIES) return "full";
  write([...current, { id: company.id, name: company.name }]);
  return "added";
}

export function removeSelectedCompany(id: string): void {
  write(readSelectedCompanies().filter((c) => c.id !== id));
}

export function clearSelectedCompanies(): void {
  write(EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed (or cleared) the selection.
  const onStorage = (e: StorageEvent) => {
    if (e.key === SELECTED_COMPANIES_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The current selection; empty during server rendering and hydration, then the stored one. */
export function useSelectedCompanies(): SelectedCompany[] {
  return useSyncExternalStore(subscribe, readSelectedCompanies, () => EMPTY);
}
