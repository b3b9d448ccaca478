"use client";

// Reference data every form reads (都道府県, categories, features): fetched once an hour at most.
import useSWR from "swr";

export interface Prefecture {
  id: number;
  name: string;
  region: string;
}
export interface NamedItem {
  id: number;
  slug: string;
  name: string;
}

const masterOptions = { revalidateIfStale: false, dedupingInterval: 60 * 60 * 1000 } as const;

export function usePrefectures() {
  return useSWR<{ items: Prefecture[] }>("/api/prefectures", masterOptions);
}
export function useCategories() {
  return useSWR<{ items: NamedItem[] }>("/api/categories", masterOptions);
}
export function useFeatures() {
  return useSWR<{ items: NamedItem[] }>("/api/features", masterOptions);
}
