import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface MiniColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  /** Long text that may wrap (the other cells keep to one line). */
  wrap?: boolean;
}

/** A small table of a detail page; it scrolls sideways inside its card on phones. */
export function MiniTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: Array<MiniColumn<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    // relative: a screen-reader-only text in a cell (absolutely placed) stays inside the scroller;
    // placed against the page it widened a 375 px page to 1,096 px (issue 33 item 24).
    <section aria-label={label} className="relative -mx-4 overflow-x-auto px-4 desktop:mx-0 desktop:px-0">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn("px-3 py-2 font-bold whitespace-nowrap", c.numeric && "text-right")}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top">
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={cn(
                    "px-3 py-2",
                    c.wrap ? "min-w-48" : "whitespace-nowrap",
                    c.numeric && "text-right tabular-nums",
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
