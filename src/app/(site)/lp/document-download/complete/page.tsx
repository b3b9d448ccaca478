import { CheckCircle2, Download, MailCheck } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { requireCompletionReceipt } from "@/server/auth/completion-page";

export function generateMetadata(): Metadata {
  return {
    title: "資料請求を受け付けました",
    description:
      "OEMマッチのサービス資料のご請求ありがとうございます。ダウンロード用のリンクをメールでお送りしました。",
    robots: { index: false, follow: true },
  };
}

// Only after a brochure request was accepted (the POST leaves a receipt); else back to the form.
export default async function DocumentDownloadCompletePage() {
  await requireCompletionReceipt("brochure");
  return (
    <div className="mx-auto flex w-full max-w-[720px] flex-col items-center px-4 py-16 text-center desktop:py-24">
      <CheckCircle2 aria-hidden className="size-14 text-emerald-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 desktop:text-3xl">
        資料請求ありがとうございます
      </h1>
      <p className="mt-4 leading-8 text-slate-700">
        ご入力いただいたメールアドレスに、サービス資料のダウンロード用リンクをお送りしました。
        <br className="hidden desktop:block" />
        下のボタンから、今すぐご覧いただくこともできます。
      </p>
      <a
        href="/api/document-download/brochure.pdf"
        target="_blank"
        rel="noopener"
        className="mt-8 inline-flex h-[55px] w-[250px] items-center justify-center gap-2 rounded-md bg-brand-600 text-base font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 desktop:h-[70px] desktop:w-[300px] desktop:text-xl"
      >
        <Download aria-hidden className="size-5" />
        資料（PDF）を開く
      </a>
      <div className="mt-10 flex w-full flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-5 text-left text-sm leading-6 text-slate-700">
        <p className="flex items-center gap-2 font-bold text-slate-900">
          <MailCheck aria-hidden className="size-5 text-brand-600" />
          メールが届かない場合
        </p>
        <p>
          迷惑メールフォルダに振り分けられていないかご確認ください。数分たっても届かない場合は、
          <Link href="/support" className="font-bold text-brand-700 underline underline-offset-2">
            お問い合わせフォーム
          </Link>
          からご連絡ください。
        </p>
      </div>
      <div className="mt-10 flex flex-col gap-3 desktop:flex-row">
        <Link
          href="/register?type=BUYER"
          className="inline-flex h-11 items-center justify-center rounded-md border border-brand-600 px-5 font-bold text-brand-700 hover:bg-brand-50"
        >
          発注者として無料登録
        </Link>
        <Link
          href="/register?type=SUPPLIER"
          className="inline-flex h-11 items-center justify-center rounded-md border border-brand-600 px-5 font-bold text-brand-700 hover:bg-brand-50"
        >
          OEMメーカーとして掲載する
        </Link>
        <Link
          href="/lp"
          className="inline-flex h-11 items-center justify-center rounded-md px-5 font-bold text-slate-700 hover:bg-slate-100"
        >
          サービス紹介に戻る
        </Link>
      </div>
    </div>
  );
}
