"use client";

import { MailCheck } from "lucide-react";
import { linkClass } from "@/components/ui/auth-page";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { ResendVerification } from "@/components/ui/resend-verification";

/** After registration: check the inbox for the verification link; resend it; go to the my page. */
export function RegisterComplete({
  accountType,
  email,
  signedIn,
}: {
  accountType: "BUYER" | "SUPPLIER";
  email: string;
  signedIn: boolean;
}) {
  const myPage = accountType === "BUYER" ? "/account/buyer" : "/account/oem";
  return (
    <section aria-labelledby="register-complete" className="flex flex-col items-center gap-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <MailCheck aria-hidden className="size-8" />
      </span>
      <h2 id="register-complete" className="text-xl font-bold desktop:text-2xl">
        会員登録が完了しました
      </h2>
      <div className="w-full rounded-lg border border-slate-200 bg-slate-50 p-5 text-left text-sm leading-7">
        <p>
          <span className="break-all font-bold">{email}</span>
          宛に、メールアドレス確認のためのメールをお送りしました。
        </p>
        <p className="mt-2">
          メールに記載のリンクを開いて、確認を完了してください（リンクの有効期限は24時間です）。
        </p>
        <p className="mt-2 text-slate-600">
          確認が完了するまで、問い合わせやエントリーはご利用いただけません。
        </p>
      </div>
      {signedIn ? (
        <>
          <Button asChild size="cta">
            <Link href={myPage}>マイページへ</Link>
          </Button>
          <ResendVerification />
        </>
      ) : (
        <p className="text-sm leading-7">
          自動でログインできませんでした。お手数ですが、
          <Link href={accountType === "BUYER" ? "/buyer/login" : "/oem/login"} className={linkClass}>
            ログインページ
          </Link>
          からログインしてください。
        </p>
      )}
    </section>
  );
}
