import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * The frame of the sign-in, registration and password pages: the spec's narrow content
 * width (508 px) on desktop, full width with 16 px gutters on phones.
 */
export function AuthPage({
  title,
  eyebrow,
  lead,
  children,
  className,
}: {
  title: string;
  /** A short line above the title, e.g. 「発注者の方」. */
  eyebrow?: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("w-full px-4 py-10 desktop:px-10 desktop:py-16", className)}>
      <div className="mx-auto w-full max-w-[508px]">
        {eyebrow && <p className="text-center text-sm font-bold text-brand-600">{eyebrow}</p>}
        <h1 className="mt-1 text-center text-2xl font-bold leading-snug desktop:text-[28px]">{title}</h1>
        {lead && <div className="mt-4 text-sm leading-7 text-slate-600">{lead}</div>}
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}

/** A row of secondary links under a form. */
export function AuthLinks({ children, label = "関連リンク" }: { children: ReactNode; label?: string }) {
  return (
    <nav aria-label={label} className="mt-8 flex flex-col items-center gap-3 text-sm">
      {children}
    </nav>
  );
}

export const linkClass = "font-bold text-brand-600 underline-offset-4 hover:underline";
