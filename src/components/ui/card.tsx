import type { HTMLAttributes } from "react";
import { withOverrides } from "@/lib/cn";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={withOverrides("rounded-lg border border-slate-200 bg-white p-5 shadow-sm", className)}
      {...props}
    />
  );
}

export function Badge({
  tone = "slate",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: "slate" | "brand" | "gold" | "red" | "green" }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    brand: "bg-brand-50 text-brand-700",
    gold: "bg-amber-100 text-amber-800",
    red: "bg-red-100 text-red-700",
    green: "bg-emerald-100 text-emerald-800",
  };
  return (
    <span
      className={withOverrides(
        `inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[tone]}`,
        className,
      )}
      {...props}
    />
  );
}
