// The sidebar's header block (spec §2): the person and the company; for suppliers the
// ticket and plan actions (free) or the paid badge (paid), and the public page link.
import { Crown, ExternalLink, Ticket } from "lucide-react";
import { Badge } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import type { SessionUser } from "@/lib/session/session-user";
import type { UserType } from "@/lib/session/user-type";
import { Avatar } from "./avatar";

export function AccountHeader({
  session,
  userType,
  personClassName,
  ticketBuyHref = "/account/oem/ticket-buy",
}: {
  session: SessionUser;
  userType: UserType;
  /** Classes of the person row (the mobile sidebar shows the person on its toggle bar). */
  personClassName?: string;
  /** 「チケットを購入」, with the way back to the current page. */
  ticketBuyHref?: string;
}) {
  const name = session.companyUserProfile?.name ?? session.user.name;
  const company = session.companyDetails;
  const supplier = userType === "oem_free" || userType === "oem_paid";
  return (
    <div>
      <div className={cn("flex items-center gap-3", personClassName)}>
        <Avatar name={name} />
        <div className="min-w-0">
          <p className="truncate text-sm font-bold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-600">{company?.name}</p>
        </div>
      </div>
      {supplier && company && (
        <div className={cn("flex flex-col gap-2.5", personClassName ? "desktop:mt-4" : "mt-4")}>
          {userType === "oem_free" ? (
            <>
              <Link
                href={ticketBuyHref}
                className="flex items-center gap-3 rounded-md bg-brand-600 px-3 py-2.5 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <Ticket aria-hidden className="size-5 shrink-0" />
                <span className="flex flex-1 flex-col leading-tight">
                  <span className="text-sm font-bold">チケットを購入</span>
                  <span className="text-xs text-blue-100" data-testid="ticket-count">
                    チケット残り {company.ticketCount}枚
                  </span>
                </span>
              </Link>
              <Link
                href="/account/oem/subscribe"
                className="flex items-center justify-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm font-bold text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
              >
                <Crown aria-hidden className="size-4 shrink-0 text-amber-600" />
                無制限プランにアップグレード
              </Link>
            </>
          ) : (
            <Badge tone="gold" className="gap-1 self-start px-3 py-1 text-sm">
              <Crown aria-hidden className="size-4" />
              無制限プラン
            </Badge>
          )}
          <a
            href={`/oem/company/${company.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 self-start rounded text-sm font-bold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            自社の公開ページを見る
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">（新しいタブで開きます）</span>
          </a>
        </div>
      )}
    </div>
  );
}
