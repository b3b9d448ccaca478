// Building blocks of the my-page tops (server components, no state).
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/japanese-date";
import type { NewsHeadline } from "../dashboard.service";

export function PageTitle({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900 desktop:text-3xl">{title}</h1>
      {lead && <p className="mt-2 text-sm text-slate-600">{lead}</p>}
    </div>
  );
}

export function Section({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: { href: string; label: string };
  children: ReactNode;
  className?: string;
}) {
  const id = `section-${title}`;
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-lg border border-slate-200 bg-white shadow-sm", className)}
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-4 py-3 desktop:px-6">
        <h2 id={id} className="text-base font-bold text-slate-900">
          {title}
        </h2>
        {action && (
          <Link
            href={action.href}
            className="inline-flex shrink-0 items-center gap-0.5 rounded text-sm font-bold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {action.label}
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        )}
      </div>
      <div className="px-4 py-4 desktop:px-6">{children}</div>
    </section>
  );
}

export function StatTile({
  label,
  value,
  unit,
  href,
  note,
  tone = "slate",
}: {
  label: string;
  value: number | string;
  unit?: string;
  href?: string;
  note?: string;
  tone?: "slate" | "brand" | "gold" | "green";
}) {
  const tones = {
    slate: "text-slate-900",
    brand: "text-brand-700",
    gold: "text-amber-700",
    green: "text-emerald-700",
  };
  const body = (
    <>
      <span className="text-xs font-bold text-slate-600 desktop:text-sm">{label}</span>
      <span className={cn("mt-1 block font-bold", tones[tone])}>
        <span className="text-2xl desktop:text-3xl">{value}</span>
        {unit && <span className="ml-1 text-sm">{unit}</span>}
      </span>
      {note && <span className="mt-1 block text-xs text-slate-500">{note}</span>}
    </>
  );
  const box =
    "block h-full rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm desktop:px-5 desktop:py-4";
  return href ? (
    <Link
      href={href}
      className={cn(
        box,
        "hover:border-brand-600/40 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600",
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-md bg-slate-50 px-4 py-8 text-center text-sm leading-6 text-slate-600">
      {children}
      {action && <div className="mt-4 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}

export function NewsList({ items, hrefBase }: { items: NewsHeadline[]; hrefBase: string }) {
  if (items.length === 0) return <EmptyState>現在、お知らせはありません。</EmptyState>;
  return (
    <ul className="-my-2 divide-y divide-slate-100">
      {items.map((n) => (
        <li key={n.id} className="py-2">
          <Link
            href={`${hrefBase}/${n.id}`}
            className="flex flex-col gap-0.5 rounded py-1 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 desktop:flex-row desktop:items-baseline desktop:gap-6"
          >
            <time
              dateTime={n.publishedAt?.toISOString()}
              className="shrink-0 text-xs tabular-nums text-slate-500 desktop:text-sm"
            >
              {formatDate(n.publishedAt)}
            </time>
            <span className="text-sm font-bold text-slate-800 hover:text-inherit">{n.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
