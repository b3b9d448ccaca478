import type { Metadata } from "next";
import type { ReactNode } from "react";
import { env } from "@/env";
import { shareMetadata } from "@/lib/seo";

// The user guide's pages (/guide/*): plain Japanese rules of the service, in the public layout
// (header, main, footer) at the width of /support. One h1, a section (h2) per topic.

export function guideMetadata(path: string, title: string, description: string): Metadata {
  const url = `${env().APP_URL}${path}`;
  return {
    title,
    description,
    alternates: { canonical: url },
    ...shareMetadata({ title: `${title} | OEMマッチ`, description, url }),
  };
}

export function GuideArticle({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-[760px] px-4 py-10 desktop:py-16">
      <p className="text-sm font-bold text-brand-600">ご利用ガイド</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 desktop:text-3xl">{title}</h1>
      <div className="mt-4 flex flex-col gap-2 leading-7 text-slate-700">{lead}</div>
      <div className="mt-10 flex flex-col gap-10">{children}</div>
    </article>
  );
}

/** A topic; `id` is its anchor (/guide/…#id) and names the section for screen readers. */
export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2
        id={id}
        className="border-b-2 border-brand-600 pb-2 text-lg font-bold text-slate-900 desktop:text-xl"
      >
        {title}
      </h2>
      <div className="flex flex-col gap-3 leading-7 text-slate-800">{children}</div>
    </section>
  );
}

/** Terms and what they mean: a figure's name and how it is computed. */
export function GuideTerms({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {items.map(([term, text]) => (
        <div
          key={term}
          className="flex flex-col gap-1 p-4 desktop:grid desktop:grid-cols-[13rem_minmax(0,1fr)] desktop:gap-6"
        >
          <dt className="font-bold text-slate-900">{term}</dt>
          <dd className="text-sm leading-7 text-slate-700 desktop:text-base">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

export function GuideList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 pl-6 marker:text-brand-600">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export function GuideNote({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-7 text-slate-700">
      {children}
    </div>
  );
}

export const guideLink = "font-bold text-brand-700 underline underline-offset-2";
