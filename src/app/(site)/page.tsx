import type { Metadata } from "next";
import Link from "next/link";
import { env } from "@/env";
import { jsonLd, SITE_DESCRIPTION, SITE_NAME, SITE_TITLE, shareMetadata } from "@/lib/seo";
import { listCategories } from "@/modules/master-data/master-data.service";
import { db } from "@/server/db/client";

export const dynamic = "force-dynamic";

export function generateMetadata(): Metadata {
  const url = `${env().APP_URL}/`;
  return {
    title: { absolute: SITE_TITLE },
    description: SITE_DESCRIPTION,
    alternates: { canonical: url },
    ...shareMetadata({ title: SITE_TITLE, description: SITE_DESCRIPTION, url }),
  };
}

/** schema.org WebSite (with the supplier search as its search action) and the operator as Organization. */
function siteJsonLd(appUrl: string): string {
  return jsonLd({
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebSite",
        "@id": `${appUrl}/#website`,
        url: `${appUrl}/`,
        name: SITE_NAME,
        description: SITE_DESCRIPTION,
        inLanguage: "ja",
        publisher: { "@id": `${appUrl}/#organization` },
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${appUrl}/oem/search?keyword={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      },
      {
        "@type": "Organization",
        "@id": `${appUrl}/#organization`,
        name: SITE_NAME,
        url: `${appUrl}/`,
        logo: `${appUrl}/icon.svg`,
      },
    ],
  });
}

export default async function HomePage() {
  const categories = await listCategories(db());
  return (
    <div className="mx-auto w-full max-w-[1080px] px-4 py-16 desktop:px-10">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: structured data built from our own values
        dangerouslySetInnerHTML={{ __html: siteJsonLd(env().APP_URL) }}
      />
      <p className="text-sm font-semibold text-brand-600">OEM・受託製造のマッチングサービス</p>
      <h1 className="mt-3 text-3xl font-bold leading-tight desktop:text-5xl">
        理想のOEMメーカーが、
        <br />
        きっと見つかる。
      </h1>
      <p className="mt-6 max-w-2xl leading-8 text-slate-600">
        OEMマッチは、商品をつくりたい発注者と、製造を請け負うOEMメーカーをつなぐマッチングサービスです。
        一括問い合わせなら、一度の入力で複数のメーカーから提案が届きます。
      </p>
      <div className="mt-8 flex flex-wrap gap-4">
        <Link
          href="/oem/search"
          className="rounded-md bg-brand-600 px-6 py-4 font-bold text-white hover:bg-brand-700"
        >
          OEMメーカーを探す
        </Link>
        <Link
          href="/register?type=SUPPLIER"
          className="rounded-md border border-brand-600 px-6 py-4 font-bold text-brand-600"
        >
          OEMメーカーとして掲載する
        </Link>
      </div>
      <section className="mt-16" aria-labelledby="categories">
        <h2 id="categories" className="text-xl font-bold">
          カテゴリから探す
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {categories.map((c) => (
            <li key={c.id} className="rounded-full bg-slate-100 px-4 py-2 text-sm">
              {c.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
