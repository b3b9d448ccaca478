// /buyer/single-inquiry without a supplier: a nominated inquiry goes to one supplier, picked
// on its public page; this explains how, with the search, the suppliers viewed last and the
// bulk inquiry for a buyer who has not chosen yet.
import { Search, Users } from "lucide-react";
import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { BULK_INQUIRY_HREF, SEARCH_PATH } from "@/lib/site-paths";
import { FLOW_NAMES } from "./step-param";

export const PICK_SUPPLIER_TITLE = "問い合わせ先のOEMメーカーを選んでください";

const cta =
  "inline-flex h-[55px] w-full max-w-[300px] items-center justify-center gap-2 rounded-md px-4 text-base font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** `recent`: the suppliers viewed last (companies' RecentSuppliers), composed by the page. */
export function PickSupplier({ recent }: { recent: ReactNode }) {
  return (
    <div className="w-full px-4 py-8 desktop:px-10 desktop:py-12">
      <div className="mx-auto flex w-full max-w-[994px] flex-col gap-8">
        <header className="flex flex-col gap-1 text-center">
          <p className="text-sm font-bold text-brand-600">{FLOW_NAMES.single}</p>
          <h1 className="text-2xl leading-snug font-bold text-slate-900 desktop:text-[28px]">
            {PICK_SUPPLIER_TITLE}
          </h1>
        </header>
        <p className="mx-auto max-w-2xl leading-7 text-slate-700">
          指名問い合わせは、1社のOEMメーカーに直接お送りする問い合わせです。OEMメーカーを検索して企業ページを開き、「この企業に問い合わせる」からお進みください。
        </p>
        <div className="flex flex-col items-center gap-3 desktop:flex-row desktop:justify-center">
          <Link href={SEARCH_PATH} className={`${cta} bg-brand-600 text-white hover:bg-brand-700`}>
            <Search aria-hidden className="size-5" />
            OEMメーカーを探す
          </Link>
          <Link
            href={BULK_INQUIRY_HREF}
            className={`${cta} border-2 border-brand-600 bg-white text-brand-700 hover:bg-brand-50`}
          >
            <Users aria-hidden className="size-5" />
            一括問い合わせで相談する
          </Link>
        </div>
        <section aria-labelledby="recent-suppliers" className="flex flex-col gap-3">
          <h2 id="recent-suppliers" className="text-lg font-bold text-slate-900">
            最近ご覧になったOEMメーカー
          </h2>
          {recent}
        </section>
        <p className="text-center text-sm leading-6 text-slate-600">
          まだ委託先が決まっていない場合は、一括問い合わせなら一度の入力で条件に合う複数のOEMメーカーから提案が届きます。
        </p>
      </div>
    </div>
  );
}
