"use client";

// The thank-you page after a company's deactivation, for both sides
// (/account/oem/company/delete/complete, /account/buyer/account/delete/complete). The session
// ended with the company; reading it again clears what the header and menus still show.
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { FlowSteps } from "@/components/ui/flow-steps";
import Link from "@/components/ui/link";
import { Result } from "@/components/ui/result";
import { useSession } from "@/lib/session/session-provider";

const SIDES = {
  SUPPLIER: {
    effect: "会社の公開ページは表示されなくなり、",
    login: "/oem/login",
  },
  BUYER: {
    effect: "審査中・公開中だった問い合わせは締め切られ、",
    login: "/buyer/login",
  },
} as const;

export function CompanyDeleteComplete({ side }: { side: keyof typeof SIDES }) {
  const { update } = useSession();
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    void update();
  }, [update]);

  return (
    <div className="mx-auto w-full max-w-[508px] px-4 py-10 desktop:py-16">
      <h1 className="sr-only">退会手続き完了</h1>
      <div className="mb-10">
        <FlowSteps label="退会手続きの流れ" steps={["退会理由", "内容の確認", "退会完了"]} current={2} />
      </div>
      <Result
        tone="success"
        icon={<CheckCircle2 aria-hidden className="size-8" />}
        title="退会手続きが完了しました"
      >
        <p>これまでOEMマッチをご利用いただき、誠にありがとうございました。</p>
        <p className="mt-3 text-left text-slate-600">
          {SIDES[side].effect}
          メンバーの皆さまはこの会社の情報にアクセスできなくなりました。ログイン中だったメンバーはログアウトされています。
        </p>
        <p className="mt-3 text-left text-slate-600">
          ほかの会社のアカウントをお持ちの場合は、あらためてログインするとご利用いただけます。
        </p>
      </Result>
      <div className="mt-10 flex flex-col items-center gap-4">
        <Button asChild size="cta">
          <Link href="/">トップページへ</Link>
        </Button>
        <Link
          href={SIDES[side].login}
          className="text-sm font-bold text-brand-600 underline-offset-4 hover:underline"
        >
          ログインページへ
        </Link>
      </div>
    </div>
  );
}
