import { CircleCheckBig, ClipboardCheck, Mail, MessagesSquare, Search, Send } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import type { SentInquiry } from "./draft";

/** Step 4: received, and what happens next for a bulk inquiry or a nomination. */
export function CompleteStep({ sent }: { sent: SentInquiry }) {
  const bulk = sent.type === "BULK";
  return (
    <section aria-labelledby="complete-heading" className="flex flex-col items-center gap-8 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CircleCheckBig aria-hidden className="size-9" />
      </span>
      <div className="flex flex-col gap-3">
        <h1 id="complete-heading" className="text-2xl font-bold text-slate-900 desktop:text-[28px]">
          お問い合わせを受け付けました
        </h1>
        <p className="text-sm leading-7 text-slate-700 desktop:text-base">
          「<span className="font-bold">{sent.title}</span>」
          {bulk
            ? "を一括問い合わせとして受け付けました。"
            : `を${sent.companyName ?? "企業"}に送信しました。`}
          <br className="hidden desktop:inline" />
          受付の確認メールをお送りしています。
        </p>
      </div>

      <div className="w-full max-w-[640px] rounded-lg border border-slate-200 bg-slate-50 p-5 text-left desktop:p-6">
        <h2 className="text-base font-bold text-slate-900">このあとの流れ</h2>
        <ol className="mt-4 flex flex-col gap-4">
          {bulk ? (
            <>
              <Step icon={<ClipboardCheck aria-hidden className="size-5" />} title="運営の確認後に公開">
                運営が内容を確認し、問題がなければ公開案件として掲載します。
                {sent.companyCount > 0 && `選んだ${sent.companyCount}社には、公開時にお知らせが届きます。`}
              </Step>
              <Step icon={<Send aria-hidden className="size-5" />} title="OEMメーカーからエントリー">
                関心を持ったOEMメーカーから、提案や見積もりのエントリーが届きます。エントリー締切までお待ちください。
              </Step>
            </>
          ) : (
            <Step icon={<Send aria-hidden className="size-5" />} title="企業に届きました">
              {sent.companyName ?? "指名した企業"}
              に問い合わせが届き、担当者へメールで通知されました。企業からの回答をお待ちください。
            </Step>
          )}
          <Step icon={<Mail aria-hidden className="size-5" />} title="メールでお知らせ">
            {bulk ? "エントリー" : "回答"}
            が届くとメールでお知らせします。内容や企業の連絡先は問い合わせ履歴から確認できます。
          </Step>
          {/* What follows an answer: the deal room and the comparison (docs/deal-room.md). */}
          <Step icon={<MessagesSquare aria-hidden className="size-5" />} title="商談と見積の比較">
            {bulk
              ? "エントリーしたOEMメーカーとは、1社ごとの商談スレッドでメッセージやファイル、見積をやり取りできます。届いた見積は比較表で並べて確認し、発注先を決めてください。"
              : "企業が回答すると商談スレッドが開き、メッセージやファイル、見積をやり取りできます。届いた見積は比較表で確認し、発注するかどうかを決めてください。"}
          </Step>
        </ol>
      </div>

      <div className="flex w-full flex-col items-center gap-4 desktop:flex-row desktop:justify-center">
        <Button asChild size="cta">
          <Link href="/account/buyer/inquiry">問い合わせ履歴を見る</Link>
        </Button>
        <Button asChild size="cta" variant="outline">
          <Link href="/oem/search">
            <Search aria-hidden className="size-5" />
            OEMメーカーを探す
          </Link>
        </Button>
      </div>
    </section>
  );
}

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 ring-1 ring-slate-200">
        {icon}
      </span>
      <div>
        <p className="font-bold text-slate-900">{title}</p>
        <p className="mt-0.5 text-sm leading-6 text-slate-700">{children}</p>
      </div>
    </li>
  );
}
