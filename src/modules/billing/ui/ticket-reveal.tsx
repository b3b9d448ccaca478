"use client";

// A free supplier opens a nomination's buyer details with one ticket
// (POST /api/billing/ticket_usage {contactId} with an Idempotency-Key kept for that click,
// so a retry after a lost answer is charged once). With no ticket left it leads to
// /account/oem/ticket-buy?redirectTo=<this page> instead.
import { KeyRound, Ticket } from "lucide-react";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { ApiError } from "@/lib/api/client";
import { postIdempotent } from "@/lib/api/idempotent";
import { newIdempotencyKey } from "@/lib/api/submission-key";
import { useSession } from "@/lib/session/session-provider";
import { toast } from "@/lib/toast";
import { RefundNote } from "./ticket-usages";

interface Usage {
  id: string;
  contactId: string;
  balance: number;
  charged: boolean;
}

export function ticketBuyHref(redirectTo: string): string {
  return `/account/oem/ticket-buy?redirectTo=${encodeURIComponent(redirectTo)}`;
}

export function TicketReveal({
  contactId,
  returnPath,
  onRevealed,
}: {
  contactId: string;
  /** The page to come back to after buying tickets (the nomination's detail). */
  returnPath: string;
  /** Re-reads the inquiry, now with the buyer's details. */
  onRevealed: () => Promise<unknown>;
}) {
  const { data: session, update } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [outOfTickets, setOutOfTickets] = useState(false);
  const key = useRef<string | null>(null);
  const tickets = session?.companyDetails?.ticketCount ?? 0;
  const none = outOfTickets || tickets <= 0;

  const use = async () => {
    // One key per click: the same key is sent again only when the answer was lost.
    key.current ??= newIdempotencyKey();
    try {
      const usage = await postIdempotent<Usage>(
        "/api/billing/ticket_usage",
        { contactId },
        key.current,
        session?.token,
      );
      key.current = null;
      await Promise.all([onRevealed(), update()]);
      toast.success(
        usage.charged
          ? `チケットを1枚使用して、発注者の連絡先を開示しました（残り${usage.balance}枚）。`
          : "この案件はチケット使用済みです。発注者の連絡先を表示しました。",
      );
    } catch (e) {
      if (e instanceof ApiError && e.status !== 0) key.current = null;
      if (e instanceof ApiError && e.status === 402) {
        setOutOfTickets(true);
        void update();
        return;
      }
      throw e;
    }
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border-2 border-dashed border-brand-600/40 bg-brand-50/50 p-4 desktop:p-6">
      <div className="flex items-start gap-3">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm desktop:flex">
          <KeyRound aria-hidden className="size-5" />
        </span>
        <div className="text-sm leading-7 text-slate-700">
          <p className="font-bold text-slate-900">発注者の連絡先は、チケットを1枚使うと開示されます</p>
          <p>
            開示すると、発注者の会社名・担当者・メールアドレス・電話番号が表示され、この案件に返信（エントリー）できるようになります。一度開示した案件は、あとから何度ご覧になってもチケットは減りません。
          </p>
          <p className="mt-1">
            現在のチケット残り：
            <span className="font-bold text-slate-900">{outOfTickets ? 0 : tickets}枚</span>
          </p>
        </div>
      </div>
      {none ? (
        <>
          <Alert tone="info" title="チケットが残っていません">
            チケットを購入すると、この案件に戻って連絡先を開示できます。無制限プランなら、チケットなしですべての指名案件に返信できます。
          </Alert>
          <div className="flex flex-col gap-2 desktop:flex-row">
            <Button asChild>
              <Link href={ticketBuyHref(returnPath)}>
                <Ticket aria-hidden className="size-4" />
                チケットを購入する
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/account/oem/subscribe">無制限プランを見る</Link>
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <Button onClick={() => setConfirming(true)} className="h-auto min-h-11 w-full py-2 desktop:w-auto">
            <Ticket aria-hidden className="size-4" />
            チケットを1枚使って連絡先を開示する
          </Button>
          <RefundNote className="text-xs leading-5 text-slate-600 desktop:text-sm" />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="チケットを1枚使いますか？"
        confirmLabel="1枚使って開示する"
        description={
          <>
            <p>
              この指名案件の発注者の連絡先を開示します。チケットは残り
              <span className="font-bold">{tickets}枚</span>から
              <span className="font-bold">{Math.max(0, tickets - 1)}枚</span>になります。
            </p>
            <p>
              使用したチケットは、案件が締め切られても戻りません。ただし、メッセージを送った後、発注者が5営業日（土日・祝日・年末年始を除く）以内に開封・返信しない場合は自動で返却されます（返却後も連絡先と商談スレッドはご覧いただけます）。
            </p>
          </>
        }
        onConfirm={use}
      />
    </div>
  );
}
