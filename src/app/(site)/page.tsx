import type { Metadata } from "next";
import { HydrateApart } from "@/components/layout/hydrate-apart";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { env } from "@/env";
import { jsonLd, SITE_DESCRIPTION, SITE_NAME, SITE_TITLE, shareMetadata } from "@/lib/seo";
import { FeaturedSuppliers, pickFeatured } from "@/modules/companies/ui/featured-suppliers";
import { listCategories } from "@/modules/master-data/master-data.service";
import { NewsDigest } from "@/modules/news/ui/news-digest";
import { db } from "@/server/db/client";
import { loadLatestNews, loadRecommendedSuppliers } from "./public-sections";

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

const STEPS = [
  {
    title: "OEMメーカーを探す",
    text: "カテゴリ・地域・得意分野から、製品や工場の写真、事例を見比べてメーカーを探せます。",
  },
  {
    title: "問い合わせる",
    text: "気になる1社に指名で、または条件に合う複数社へ一括で。発注者のご利用は無料です。",
  },
  {
    title: "提案を比べて決める",
    text: "届いた回答・見積もりを比べて、候補入りや見送りをマイページで管理できます。",
  },
] as const;

const h2 = "text-xl font-bold desktop:text-2xl";
export default async function HomePage() {
  const [categories, suppliers, news] = await Promise.all([
    listCategories(db()),
    loadRecommendedSuppliers(12).then((items) => pickFeatured(items, 6)),
    loadLatestNews(),
  ]);
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

      <HydrateApart>
        <section className="mt-16" aria-labelledby="home-steps">
          <h2 id="home-steps" className={h2}>
            ご利用の流れ
          </h2>
          <ol className="mt-6 grid gap-4 desktop:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-lg border border-slate-200 bg-white p-5">
                <p className="flex items-center gap-3 font-bold text-slate-900">
                  <span
                    aria-hidden
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm text-white"
                  >
                    {i + 1}
                  </span>
                  <span>
                    <span className="sr-only">ステップ{i + 1}：</span>
                    {step.title}
                  </span>
                </p>
                <p className="mt-3 text-sm leading-7 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm">
            <a href="/lp" className="font-bold text-brand-700 underline underline-offset-4">
              サービスの詳しい内容と料金
            </a>
          </p>
        </section>
      </HydrateApart>

      {suppliers.length > 0 && (
        <HydrateApart>
          <section className="mt-16" aria-labelledby="home-suppliers">
            <h2 id="home-suppliers" className={h2}>
              注目のOEMメーカー
            </h2>
            <div className="mt-6">
              <FeaturedSuppliers suppliers={suppliers} />
            </div>
            <p className="mt-6">
              <a
                href="/oem/search"
                className="inline-flex items-center gap-1 font-bold text-brand-700 underline underline-offset-4"
              >
                OEMメーカーをもっと見る
                <SpriteIcon name="arrow-right" className="size-4" />
              </a>
            </p>
          </section>
        </HydrateApart>
      )}

      <HydrateApart>
        <section className="mt-16" aria-labelledby="categories">
          <h2 id="categories" className={h2}>
            カテゴリから探す
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.id}>
                {/* Plain links: the sections below the hero add nothing to hydrate (Lighthouse TBT). */}
                <a
                  href={`/oem/search?categoryIds=${c.id}`}
                  className="block rounded-full bg-slate-100 px-4 py-2 text-sm hover:bg-brand-50 hover:text-brand-700"
                >
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </HydrateApart>

      {news.length > 0 && (
        <section className="mt-16" aria-labelledby="home-news">
          <h2 id="home-news" className={h2}>
            お知らせ
          </h2>
          <NewsDigest news={news} className="mt-4" />
        </section>
      )}
    </div>
  );
}
