import Link from "@/components/ui/link";
import { withOverrides } from "@/lib/cn";

/** Two overlapping rings: a buyer and a maker, matched. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={withOverrides("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <circle cx="12.5" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="2.5" />
      <circle cx="19.5" cy="16" r="6" fill="none" stroke="#93c5fd" strokeWidth="2.5" />
    </svg>
  );
}

/** The text logo, a link to the top page (spec §2). */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={withOverrides(
        "flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 desktop:text-xl",
        className,
      )}
    >
      <LogoMark />
      <span>
        OEM<span className="text-brand-600">マッチ</span>
      </span>
    </Link>
  );
}
