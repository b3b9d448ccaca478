import type { Metadata } from "next";
import { env } from "@/env";
import { shareMetadata } from "@/lib/seo";
import { siteLinks } from "@/lib/site-links";
import { SupportForm } from "@/modules/leads/ui/support-form";

// Canonical URL and external links come from the runtime configuration.
export const dynamic = "force-dynamic";

const DESCRIPTION =
  "OEMマッチ運営事務局へのお問い合わせフォームです。サービス内容、アカウント、料金・請求、不具合のご報告など、お気軽にご相談ください。";

export function generateMetadata(): Metadata {
  const url = `${env().APP_URL}/support`;
  return {
    title: "運営へのお問い合わせ",
    description: DESCRIPTION,
    alternates: { canonical: url },
    ...shareMetadata({ title: "運営へのお問い合わせ | OEMマッチ", description: DESCRIPTION, url }),
  };
}

export default function SupportPage() {
  const links = siteLinks();
  return (
    <div className="mx-auto w-full max-w-[760px] px-4 py-10 desktop:py-16">
      <h1 className="text-2xl font-bold text-slate-900 desktop:text-3xl">運営へのお問い合わせ</h1>
      <p className="mt-4 leading-7 text-slate-700">
        {
          "OEMマッチのご利用についてのご質問・ご要望は、こちらのフォームからお送りください。内容を確認のうえ、担当者より通常2営業日以内にメールでご回答します。"
        }
      </p>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        よくあるご質問は
        <a
          href={links.faq}
          target="_blank"
          rel="noopener noreferrer"
          className="font-bold text-brand-700 underline underline-offset-2"
        >
          よくある質問
        </a>
        にもまとめています。
      </p>
      <div className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm desktop:p-8">
        <SupportForm privacyUrl={links.privacy} />
      </div>
    </div>
  );
}
