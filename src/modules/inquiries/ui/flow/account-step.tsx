"use client";

import { LogIn, UserPlus } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import type { BrowserSession } from "@/lib/session/session-provider";
import { BackToContent } from "./back-to-content";
import { type FlowTarget, flowLoginHref } from "./draft";

/**
 * Step 2: sending needs a buyer account. Log in on the flow's login page (it returns to the
 * confirmation step) or register right here; the draft waits in sessionStorage either way.
 * Once the browser is signed in as a buyer, the flow moves on to step 3 by itself.
 * `registerForm` is identity's buyer registration form, composed by the page.
 */
export function AccountStep({
  target,
  session,
  registerForm,
}: {
  target: FlowTarget;
  session: BrowserSession | null;
  registerForm: ReactNode;
}) {
  const [registering, setRegistering] = useState(false);
  const registerRef = useRef<HTMLDivElement>(null);
  const otherSide = session && session.companyType !== "BUYER";

  const openRegister = () => {
    setRegistering(true);
    requestAnimationFrame(() => registerRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };

  return (
    <div className="flex flex-col gap-8">
      <Alert tone="info" title="入力した内容は保存されています">
        問い合わせの送信には発注者アカウント（無料）が必要です。ログインまたは会員登録のあと、確認画面に進みます。
      </Alert>
      {otherSide && (
        <Alert tone="info">
          現在、{session.companyDetails?.name ?? session.user.name}
          （OEMメーカー）のアカウントでログインしています。問い合わせは発注者のアカウントから送信できます。発注者アカウントでログインするか、新たに登録してください。
        </Alert>
      )}

      <div className="grid grid-cols-1 gap-4 desktop:grid-cols-2 desktop:gap-6">
        <section
          aria-labelledby="account-login"
          className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 p-6 text-center"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <LogIn aria-hidden className="size-6" />
          </span>
          <h2 id="account-login" className="text-lg font-bold text-slate-900">
            アカウントをお持ちの方
          </h2>
          <p className="text-sm leading-6 text-slate-600">ログインすると、入力内容の確認画面に戻ります。</p>
          <Button asChild size="cta" className="mt-auto">
            <Link href={flowLoginHref(target)}>ログインして続ける</Link>
          </Button>
        </section>
        <section
          aria-labelledby="account-register"
          className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 p-6 text-center"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <UserPlus aria-hidden className="size-6" />
          </span>
          <h2 id="account-register" className="text-lg font-bold text-slate-900">
            はじめてご利用の方
          </h2>
          <p className="text-sm leading-6 text-slate-600">
            この画面で発注者として会員登録（無料）できます。登録後はそのまま確認画面に進みます。
          </p>
          <Button
            size="cta"
            variant="outline"
            className="mt-auto"
            aria-expanded={registering}
            aria-controls="flow-register"
            onClick={openRegister}
          >
            会員登録して続ける
          </Button>
        </section>
      </div>

      {registering && (
        <div
          id="flow-register"
          ref={registerRef}
          className="scroll-mt-20 border-t border-slate-200 pt-8 desktop:rounded-lg desktop:border desktop:px-10 desktop:py-8"
        >
          <h2 className="mb-8 text-center text-xl font-bold text-slate-900 desktop:text-2xl">
            発注者 新規会員登録
          </h2>
          <div className="mx-auto max-w-[508px]">{registerForm}</div>
        </div>
      )}

      <div className="flex justify-center">
        <BackToContent target={target} />
      </div>
    </div>
  );
}
