import type { Metadata } from "next";
import { HydrateApart } from "@/components/layout/hydrate-apart";
import { Card } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { env } from "@/env";
import { SITE_NAME, shareMetadata, jsonLd as toJsonLd } from "@/lib/seo";
import { siteLinks } from "@/lib/site-links";
import { yen } from "@/lib/yen";
import { PLAN_MONTHLY_FEE_YEN, TICKET_PRODUCTS } from "@/modules/billing/billing.products";
import { FeaturedSuppliers } from "@/modules/companies/ui/featured-suppliers";
import { BrochureForm } from "@/modules/leads/ui/brochure-form";
import { NewsDigest } from "@/modules/news/ui/news-digest";
import { loadLatestNews, loadRecommendedSuppliers } from "../public-sections";

// Suppliers and news come from the database on every request.
export const dynamic = "force-dynamic";

const TITLE = "OEMメーカーと発注者をつなぐ、OEM・受託製造のマッチングサービス";
const DESCRIPTION =
  "OEMマッチは、商品をつくりたい発注者とOEMメーカーをつなぐマッチングサービスです。発注者は無料で一括・指名問い合わせ。OEMメーカーは掲載無料で、指名問い合わせへの返信はチケット1枚5,000円（税抜）から、公開案件へのエントリーは無制限プランでご利用いただけます。サービス資料を無料でお届けします。";

export function generateMetadata(): Metadata {
  const url = `${env().APP_URL}/lp`;
  return {
    title: { absolute: `OEMマッチ | ${TITLE}` },
    description: DESCRIPTION,
    alternates: { canonical: url },
    ...shareMetadata({ title: `OEMマッチ | ${TITLE}`, description: DESCRIPTION, url }),
  };
}

const ctaPrimary =
  "inline-flex h-[55px] w-full max-w-[300px] shrink-0 desktop:w-[300px] items-center justify-center gap-2 rounded-md bg-brand-600 px-4 text-base font-bold text-white transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 desktop:h-[70px] desktop:text-lg";
const ctaSecondary =
  "inline-flex h-[55px] w-full max-w-[300px] shrink-0 desktop:w-[300px] items-center justify-center gap-2 rounded-md border-2 border-brand-600 bg-white px-4 text-base font-bold text-brand-700 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 desktop:h-[70px] desktop:text-lg";
const section = "mx-auto w-full max-w-[1080px] px-4 py-14 desktop:px-10 desktop:py-20";
const eyebrow = "text-sm font-bold tracking-wider text-brand-700";
const h2 = "mt-2 text-2xl leading-snug font-bold text-slate-900 desktop:text-3xl";

const FLOWS = [
  {
    key: "bulk",
    name: "一括問い合わせ",
    lead: "一度の入力で、条件に合う複数のOEMメーカーへ",
    icon: "users",
    steps: [
      "作りたい商品・ロット・予算・希望納期を入力",
      "運営が内容を確認し、条件に合うOEMメーカーへ公開",
      "興味を持ったメーカーがエントリー。提案と見積もりを比較",
    ],
  },
  {
    key: "nominated",
    name: "指名問い合わせ",
    lead: "気になるOEMメーカーに、直接ご相談",
    icon: "send",
    steps: [
      "検索や事例から、気になるOEMメーカーを見つける",
      "企業ページの「この企業に問い合わせる」から相談内容を送信",
      "メーカーから直接、回答・提案が届きます",
    ],
  },
] as const;

const BUYER_POINTS = [
  "ご利用は完全無料。手数料も成約料もかかりません",
  "化粧品・健康食品・アパレル・雑貨・機械部品まで幅広いカテゴリ",
  "小ロット・短納期など、条件に合うメーカーをまとめて比較",
] as const;

const SUPPLIER_POINTS = [
  "掲載は無料。製品・工場の写真や事例で自社の強みを発信",
  "指名問い合わせは直接届くので、見込みの高い商談に集中。返信はチケット1枚から",
  "一括問い合わせの公開案件には、無制限プランでエントリー",
] as const;

const SIDES = [
  {
    title: "発注者の方",
    icon: "search",
    points: BUYER_POINTS,
    href: "/oem/search",
    cta: "OEMメーカーを探す",
  },
  {
    title: "OEMメーカーの方",
    icon: "building-2",
    points: SUPPLIER_POINTS,
    href: "/register?type=SUPPLIER",
    cta: "無料で掲載をはじめる",
  },
] as const;

export default async function LandingPage() {
  const [suppliers, news] = await Promise.all([loadRecommendedSuppliers(6), loadLatestNews()]);
  const links = siteLinks();
  const appUrl = env().APP_URL;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: `OEMマッチ | ${TITLE}`,
    description: DESCRIPTION,
    url: `${appUrl}/lp`,
    inLanguage: "ja",
    isPartOf: { "@type": "WebSite", "@id": `${appUrl}/#website`, name: SITE_NAME, url: `${appUrl}/` },
    publisher: {
      "@type": "Organization",
      "@id": `${appUrl}/#organization`,
      name: SITE_NAME,
      url: `${appUrl}/`,
    },
    mainEntity: {
      "@type": "Service",
      name: "OEMマッチ",
      serviceType: "OEM・受託製造のマッチング",
      areaServed: "JP",
      offers: [
        ...TICKET_PRODUCTS.map((p) => ({
          "@type": "Offer",
          name: p.label,
          price: p.subtotalYen,
          priceCurrency: "JPY",
        })),
        { "@type": "Offer", name: "無制限プラン（月額）", price: PLAN_MONTHLY_FEE_YEN, priceCurrency: "JPY" },
      ],
    },
  };

  return (
    <div className="flex flex-col">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: structured data built from our own values
        dangerouslySetInnerHTML={{ __html: toJsonLd(jsonLd) }}
      />

      {/* Hero */}
      <HydrateApart>
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid w-full max-w-[1080px] gap-10 px-4 py-14 desktop:grid-cols-[1fr_280px] desktop:items-center desktop:px-10 desktop:py-20">
            <div>
              <p className={eyebrow}>OEM・受託製造のマッチングサービス</p>
              <h1 className="mt-3 text-3xl leading-tight font-bold text-slate-900 desktop:text-5xl desktop:leading-tight">
                つくりたい商品と、
                <br />
                つくれるメーカーを
                <br className="desktop:hidden" />
                つなぐ。
              </h1>
              <p className="mt-6 max-w-xl leading-8 text-slate-700">
                {
                  "OEMマッチは、商品をつくりたい発注者と、製造を請け負うOEMメーカーをつなぐB2Bマッチングサービスです。発注者は無料で一括・指名問い合わせ、OEMメーカーは確度の高い新規案件と出会えます。"
                }
              </p>
              <div className="mt-8 flex flex-col gap-3 desktop:flex-row">
                <Link href="/register?type=BUYER" className={ctaPrimary}>
                  発注者として無料登録
                  <SpriteIcon name="arrow-right" className="size-5" />
                </Link>
                <Link href="/register?type=SUPPLIER" className={ctaSecondary}>
                  OEMメーカーとして掲載する
                </Link>
              </div>
              <p className="mt-4 text-sm text-slate-600">
                まずは詳しく知りたい方へ：
                <a
                  href="#document-download"
                  className="font-bold text-brand-700 underline underline-offset-2"
                >
                  サービス資料を無料ダウンロード
                </a>
              </p>
            </div>
            <ul className="grid gap-3">
              {(
                [
                  { icon: "search", label: "発注者の利用料", value: "無料" },
                  { icon: "handshake", label: "問い合わせ方法", value: "一括・指名" },
                  { icon: "ticket", label: "OEMメーカーの費用", value: "掲載無料" },
                ] as const
              ).map(({ icon, label, value }) => (
                <li
                  key={label}
                  className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm desktop:p-5"
                >
                  <SpriteIcon name={icon} className="size-7 shrink-0 text-brand-600 desktop:size-8" />
                  <span className="flex flex-col">
                    <span className="text-sm text-slate-600">{label}</span>
                    <span className="text-xl font-bold text-slate-900 desktop:text-2xl">{value}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </HydrateApart>

      {/* For both sides */}
      <HydrateApart>
        <section className={section} aria-labelledby="lp-sides">
          <p className={eyebrow}>発注者とOEMメーカーの双方に</p>
          <h2 id="lp-sides" className={h2}>
            発注者にも、OEMメーカーにも、うれしい仕組み
          </h2>
          <div className="mt-8 grid gap-6 desktop:grid-cols-2">
            {SIDES.map((side) => (
              <Card key={side.title} className="flex flex-col gap-4 p-6">
                <div className="flex items-center gap-3">
                  <SpriteIcon name={side.icon} className="size-7 text-brand-600" />
                  <h3 className="text-lg font-bold">{side.title}</h3>
                </div>
                <ul className="flex flex-col gap-3">
                  {side.points.map((p) => (
                    <li key={p} className="flex gap-2 text-sm leading-6 text-slate-700">
                      <SpriteIcon name="badge-check" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                      {p}
                    </li>
                  ))}
                </ul>
                <Link
                  href={side.href}
                  className="mt-auto inline-flex items-center gap-1 font-bold text-brand-700 hover:underline"
                >
                  {side.cta}
                  <SpriteIcon name="arrow-right" className="size-4" />
                </Link>
              </Card>
            ))}
          </div>
        </section>
      </HydrateApart>

      {/* How inquiries work */}
      <HydrateApart>
        <section className="bg-slate-50" aria-labelledby="lp-flow">
          <div className={section}>
            <p className={eyebrow}>ご利用の流れ</p>
            <h2 id="lp-flow" className={h2}>
              2つの問い合わせ方法
            </h2>
            <p className="mt-3 max-w-2xl leading-7 text-slate-700">
              まだ委託先が決まっていなければ「一括問い合わせ」、気になるメーカーがあれば「指名問い合わせ」。目的に合わせて選べます。
            </p>
            <div className="mt-8 grid gap-6 desktop:grid-cols-2">
              {FLOWS.map(({ key, name, lead, icon, steps }) => (
                <Card key={key} className="p-6">
                  <div className="flex items-center gap-3">
                    <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-600 text-white">
                      <SpriteIcon name={icon} className="size-5" />
                    </span>
                    <div>
                      <h3 className="text-lg font-bold text-slate-900">{name}</h3>
                      <p className="text-sm text-slate-600">{lead}</p>
                    </div>
                  </div>
                  <ol className="mt-5 flex flex-col gap-3">
                    {steps.map((s, i) => (
                      <li key={s} className="flex gap-3 text-sm leading-6 text-slate-700">
                        <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                          {i + 1}
                        </span>
                        {s}
                      </li>
                    ))}
                  </ol>
                </Card>
              ))}
            </div>
          </div>
        </section>
      </HydrateApart>

      {/* Prices */}
      <HydrateApart>
        <section className={section} aria-labelledby="lp-price">
          <p className={eyebrow}>料金</p>
          <h2 id="lp-price" className={h2}>
            料金プラン
          </h2>
          <p className="mt-3 max-w-2xl leading-7 text-slate-700">
            発注者のご利用は無料です。OEMメーカーは掲載無料。指名問い合わせに返信するときはチケットを1件につき1枚使い、一括問い合わせの公開案件へのエントリーは無制限プランでご利用いただけます。
          </p>
          <div className="mt-8 grid gap-6 desktop:grid-cols-[2fr_1fr]">
            <Card className="p-6">
              <div className="flex items-center gap-2">
                <SpriteIcon name="ticket" className="size-6 text-brand-600" />
                <h3 className="text-lg font-bold">チケット（指名問い合わせ1件につき1枚）</h3>
              </div>
              <p className="mt-2 text-sm leading-6 text-slate-700">
                指名問い合わせの発注者の連絡先を開示して返信するときに使います。一度開示した案件は、何度ご覧になっても1枚だけです。
              </p>
              <ul className="mt-5 grid gap-3 desktop:grid-cols-3">
                {TICKET_PRODUCTS.map((p) => (
                  <li
                    key={p.quantity}
                    className="flex flex-col items-center gap-1 rounded-md border border-slate-200 p-4 text-center"
                  >
                    <span className="text-sm font-bold text-slate-700">{p.label}</span>
                    <span className="text-2xl font-bold text-slate-900">{yen(p.subtotalYen)}</span>
                    <span className="text-xs text-slate-600">1枚あたり{yen(p.subtotalYen / p.quantity)}</span>
                    {p.quantity > 1 && (
                      <span className="text-xs font-bold text-emerald-700">
                        {Math.round((1 - p.subtotalYen / p.quantity / TICKET_PRODUCTS[0].subtotalYen) * 100)}
                        %おトク
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
            <Card className="flex flex-col border-brand-600 p-6 ring-1 ring-brand-600">
              <div className="flex items-center gap-2">
                <SpriteIcon name="badge-check" className="size-6 text-brand-600" />
                <h3 className="text-lg font-bold">無制限プラン</h3>
              </div>
              <p className="mt-4 text-3xl font-bold text-slate-900">
                {yen(PLAN_MONTHLY_FEE_YEN)}
                <span className="text-base font-bold text-slate-600">／月</span>
              </p>
              <p className="mt-2 text-sm leading-6 text-slate-700">
                一括問い合わせの公開案件へのエントリーは無制限プランのみ。指名問い合わせへの返信もチケットなしで使い放題です。案件の多いメーカーにおすすめです。
              </p>
            </Card>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            ※表示価格はすべて税抜です（別途消費税10%）。お支払いは請求書払い（銀行振込）です。
          </p>
        </section>
      </HydrateApart>

      {/* Featured suppliers */}
      {suppliers.length > 0 && (
        <HydrateApart>
          <section className="bg-slate-50" aria-labelledby="lp-suppliers">
            <div className={section}>
              <p className={eyebrow}>掲載企業</p>
              <h2 id="lp-suppliers" className={h2}>
                掲載中のOEMメーカー
              </h2>
              <div className="mt-8">
                <FeaturedSuppliers suppliers={suppliers} />
              </div>
              <div className="mt-8 flex justify-center">
                <Link href="/oem/search" className={ctaSecondary}>
                  OEMメーカーをもっと見る
                  <SpriteIcon name="arrow-right" className="size-5" />
                </Link>
              </div>
            </div>
          </section>
        </HydrateApart>
      )}

      {/* News */}
      {news.length > 0 && (
        <HydrateApart>
          <section className={section} aria-labelledby="lp-news">
            <p className={eyebrow}>最新情報</p>
            <h2 id="lp-news" className={h2}>
              お知らせ
            </h2>
            <NewsDigest news={news} className="mt-6" />
          </section>
        </HydrateApart>
      )}

      {/* Brochure */}
      <HydrateApart>
        <section id="document-download" className="scroll-mt-20 bg-brand-50" aria-labelledby="lp-brochure">
          <div className="mx-auto grid w-full max-w-[1080px] gap-8 px-4 py-14 desktop:grid-cols-[1fr_1.6fr] desktop:px-10 desktop:py-20">
            <div>
              <p className={eyebrow}>資料請求</p>
              <h2 id="lp-brochure" className={h2}>
                サービス資料を
                <br className="hidden desktop:block" />
                無料でお届けします
              </h2>
              <p className="mt-4 leading-7 text-slate-700">
                サービスの仕組み、料金、ご利用の流れをまとめたPDF資料です。フォームにご入力いただくと、ダウンロード用のリンクをメールでお送りします。
              </p>
              <ul className="mt-6 flex flex-col gap-3 text-sm text-slate-700">
                {["OEMマッチのサービス概要", "一括・指名問い合わせの流れ", "料金プランとお支払い方法"].map(
                  (t) => (
                    <li key={t} className="flex items-center gap-2">
                      <SpriteIcon name="mail-check" className="size-5 shrink-0 text-brand-600" />
                      {t}
                    </li>
                  ),
                )}
              </ul>
            </div>
            <Card className="p-5 desktop:p-8">
              <BrochureForm privacyUrl={links.privacy} />
            </Card>
          </div>
        </section>
      </HydrateApart>

      {/* Closing CTA */}
      <HydrateApart>
        <section className={`${section} text-center`} aria-labelledby="lp-start">
          <h2 id="lp-start" className={h2}>
            さっそく、はじめてみませんか？
          </h2>
          <p className="mt-3 leading-7 text-slate-700">
            会員登録は無料です。掲載・問い合わせは登録後すぐにはじめられます。
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 desktop:flex-row">
            <Link href="/register?type=BUYER" className={ctaPrimary}>
              発注者として無料登録
            </Link>
            <Link href="/register?type=SUPPLIER" className={ctaSecondary}>
              OEMメーカーとして掲載する
            </Link>
          </div>
        </section>
      </HydrateApart>
    </div>
  );
}
