import type { ReactNode } from "react";

const tones = {
  neutral: "bg-slate-100 text-slate-500",
  success: "bg-emerald-50 text-emerald-600",
  error: "bg-red-50 text-red-600",
} as const;

/** A centred outcome: icon, title and what to do next. */
export function Result({
  tone = "neutral",
  icon,
  title,
  children,
}: {
  tone?: keyof typeof tones;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-live="polite" className="flex flex-col items-center text-center">
      <span className={`flex size-16 items-center justify-center rounded-full ${tones[tone]}`}>{icon}</span>
      <h2 className="mt-5 text-xl font-bold desktop:text-2xl">{title}</h2>
      <div className="mt-4 text-sm leading-7 text-slate-700">{children}</div>
    </section>
  );
}
