import { offsetOf } from "@/lib/pagination";
import { CSV_MAX_ROWS, type CsvColumn, type CsvFile, csvFile } from "./csv";
import type { Page } from "./owner.repository";
import type { ListQuery } from "./owner.schema";

export interface ListPage<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

/** A console list answers a page of JSON, or with `format=csv` the whole filtered list as a file. */
export type Listing<T> = ListPage<T> | CsvFile;

export function pageOf(q: ListQuery): Page {
  return q.format === "csv" ? { limit: CSV_MAX_ROWS, offset: 0 } : { limit: q.perPage, offset: offsetOf(q) };
}

export function listing<T>(
  q: ListQuery,
  items: T[],
  total: number,
  csv: { name: string; columns: Array<CsvColumn<T>> },
): Listing<T> {
  if (q.format === "csv") return csvFile(csv.name, csv.columns, items, total);
  return { items, page: q.page, perPage: q.perPage, total };
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
