"use client";

import type { ReactNode } from "react";

export function Section({
  number,
  title,
  icon,
  onFocus,
  children,
}: {
  number: number;
  title: string;
  icon: ReactNode;
  onFocus: () => void;
  children: ReactNode;
}) {
  const id = `register-section-${number}`;
  return (
    <section aria-labelledby={id} onFocusCapture={onFocus} className="flex flex-col gap-5">
      <h2 id={id} className="flex items-center gap-2 border-b-2 border-brand-600 pb-2 text-lg font-bold">
        <span className="text-brand-600">{icon}</span>
        {number}. {title}
      </h2>
      {children}
    </section>
  );
}
