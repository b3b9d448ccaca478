import { z } from "zod";
import { CSV_MAX_ROWS, type CsvColumn, type CsvFile, csvFile } from "./csv";
import { offsetOf, paginationQuery } from "./pagination";

// The operator console's lists (every domain's operator list uses them): a page of JSON, or with
// `format=csv` the whole filtered list as a file.

/** Every console list takes page and perPage, and `format=csv` for the whole filtered list as a CSV file. */
export const listQuery = paginationQuery.extend({
  format: z.enum(["json", "csv"], { error: "形式は json か csv で指定してください" }).default("json"),
});
export type ListQuery = z.infer<typeof listQuery>;

/** A page of a console list query (limit/offset). */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * A list's total: exact, or (`totalCapped`) the number of rows the pager reaches, with the
 * database's estimate of all matching rows (src/server/db/listing.ts).
 */
export interface ListTotal {
  total: number;
  totalCapped?: true;
  totalEstimate?: number;
}

export interface ListPage<T> extends ListTotal {
  items: T[];
  page: number;
  perPage: number;
}

/** A console list answers a page of JSON, or with `format=csv` the whole filtered list as a file. */
export type Listing<T> = ListPage<T> | CsvFile;

export function pageOf(q: ListQuery): Page {
  return q.format === "csv" ? { limit: CSV_MAX_ROWS, offset: 0 } : { limit: q.perPage, offset: offsetOf(q) };
}

export function listing<T>(
  q: ListQuery,
  items: T[],
  total: ListTotal | number,
  csv: { name: string; columns: Array<CsvColumn<T>> },
): Listing<T> {
  const t = typeof total === "number" ? { total } : total;
  if (q.format === "csv") return csvFile(csv.name, csv.columns, items, t.totalEstimate ?? t.total);
  return { items, page: q.page, perPage: q.perPage, ...t };
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** `%word%` for ILIKE, with the pattern characters of the word taken literally. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The free-text filter of a console list. */
export const listKeyword = z.string().trim().max(100, "キーワードは100文字以内で入力してください").optional();
