// CSV exports of the owner console: UTF-8 with a BOM so Excel reads the Japanese, CRLF, RFC 4180 quoting.

export const CSV_MAX_ROWS = 10_000;
const BOM = "\uFEFF";

type Cell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => Cell;
}

export interface CsvFile {
  kind: "csv";
  filename: string;
  body: string;
  /** Rows matching the filter; more than CSV_MAX_ROWS means the file was cut. */
  total: number;
  rows: number;
}

const JAPAN_DATE_TIME = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** "2026-04-01 09:30:00" in Japan time: what an operator expects to read in Excel. */
export function japanDateTime(d: Date): string {
  return JAPAN_DATE_TIME.format(d);
}

function text(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return japanDateTime(cell);
  if (typeof cell === "boolean") return cell ? "はい" : "いいえ";
  if (typeof cell === "number") return String(cell);
  // A cell starting like a formula would run in Excel (CSV injection): make it plain text.
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv<T>(columns: Array<CsvColumn<T>>, rows: T[]): string {
  const lines = [columns.map((c) => quote(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => quote(text(c.value(row)))).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** `buyers-20260401.csv`, dated in Japan time. */
export function csvFilename(base: string, now = new Date()): string {
  return `${base}-${japanDateTime(now).slice(0, 10).replace(/-/g, "")}.csv`;
}

export function csvFile<T>(base: string, columns: Array<CsvColumn<T>>, rows: T[], total: number): CsvFile {
  return { kind: "csv", filename: csvFilename(base), body: toCsv(columns, rows), total, rows: rows.length };
}
