import { CheckCircle2 } from "lucide-react";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { requireCompletionReceipt } from "@/server/auth/completion-page";

export function generateMetadata(): Metadata {
  return {
    title: "お問い合わせを受け付けました",
    description: "OEMマッチへのお問い合わせありがとうございます。受付確認のメールをお送りしました。",
    robots: { index: false, follow: true },
  };
}

// Only after the form was accepted (the POST leaves a receipt); else back to the form.
export default async function SupportCompletePage() {
  await requireCompletionReceipt("support");
  return (
    <div className="mx-auto flex w-full max-w-[720px] flex-col items-center px-4 py-16 text-center desktop:py-24">
      <CheckCircle2 aria-hidden className="size-14 text-emerald-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 desktop:text-3xl">
        お問い合わせを受け付けました
      </h1>
      <p className="mt-4 leading-8 text-slate-700">
        {
          "お問い合わせいただき、ありがとうございます。ご入力いただいたメールアドレスに受付確認のメールをお送りしました。担当者より通常2営業日以内にご連絡します。"
        }
      </p>
      <p className="mt-3 text-sm leading-6 text-slate-600">
        確認メールが届かない場合は、迷惑メールフォルダもご確認ください。
      </p>
      <div className="mt-10 flex flex-col gap-3 desktop:flex-row">
        <Link
          href="/"
          className="inline-flex h-[55px] w-[250px] items-center justify-center rounded-md bg-brand-600 text-base font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          トップページへ戻る
        </Link>
      </div>
    </div>
  );
}
