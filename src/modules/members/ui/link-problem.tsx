"use client";

import { CheckCircle2, Link2Off, TimerOff } from "lucide-react";
import { linkClass } from "@/components/ui/auth-page";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { Result } from "@/components/ui/result";

const PROBLEM = {
  invalid: {
    icon: <Link2Off aria-hidden className="size-8" />,
    title: "招待リンクが無効です",
    hint: "メールのリンクが途中で切れていないか、最新の招待メールかどうかもご確認ください。",
  },
  expired: {
    icon: <TimerOff aria-hidden className="size-8" />,
    title: "招待の有効期限が切れています",
    hint: "再送された招待メールのリンクから、あらためてお手続きください。",
  },
  used: {
    icon: <CheckCircle2 aria-hidden className="size-8" />,
    title: "この招待で参加済みです",
    hint: "パスワードをお忘れの場合は、ログイン画面の「パスワードをお忘れの方」から再設定できます。",
  },
} as const;

export function LinkProblem({ kind, message }: { kind: keyof typeof PROBLEM; message: string }) {
  const problem = PROBLEM[kind];
  return (
    <div className="flex flex-col items-center gap-8">
      <Result tone={kind === "used" ? "success" : "error"} icon={problem.icon} title={problem.title}>
        <p role="alert">{message}</p>
        <p className="mt-2 text-slate-600">{problem.hint}</p>
      </Result>
      {kind === "used" ? (
        <div className="flex flex-col items-center gap-3">
          <Button asChild>
            <Link href="/oem/login?redirect=/account/oem">ログインする</Link>
          </Button>
          <Link href="/" className={`text-sm ${linkClass}`}>
            トップページへ
          </Link>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3">
          <Button asChild variant="outline">
            <Link href="/">トップページへ</Link>
          </Button>
          <Link href="/oem/login" className={`text-sm ${linkClass}`}>
            アカウントをお持ちの方はログイン
          </Link>
        </div>
      )}
    </div>
  );
}
