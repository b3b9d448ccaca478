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
  // .badge and its tones are in globals.css: a page can show dozens of badges.
  return (
    <span className={className ? `badge badge-${tone} ${className}` : `badge badge-${tone}`} {...props} />
  );
}
