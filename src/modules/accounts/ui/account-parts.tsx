"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex w-full flex-col gap-8">
      <h1 className="text-2xl font-bold desktop:text-[28px]">{title}</h1>
      {children}
    </div>
  );
}

export function Section({
  id,
  title,
  icon,
  lead,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 desktop:p-8">
      <section aria-labelledby={id}>
        <h2 id={id} className="flex items-center gap-2 border-b border-slate-200 pb-3 text-lg font-bold">
          <span className="text-brand-600">{icon}</span>
          {title}
        </h2>
        {lead && <div className="mt-4 text-sm leading-7 text-slate-600">{lead}</div>}
        <div className="mt-6 max-w-[508px]">{children}</div>
      </section>
    </Card>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} className="w-full desktop:w-auto desktop:min-w-48">
      {busy ? "送信中…" : children}
    </Button>
  );
}
