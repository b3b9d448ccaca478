import { ChevronRight, Factory, Search } from "lucide-react";
import { linkClass } from "@/components/ui/auth-page";
import Link from "@/components/ui/link";

const CHOICES = [
  {
    type: "BUYER",
    title: "発注者として登録",
    text: "商品づくりを任せられるOEMメーカーを探して、問い合わせたい方",
    Icon: Search,
  },
  {
    type: "SUPPLIER",
    title: "OEMメーカーとして登録",
    text: "自社の製造サービスを掲載して、発注者からの案件を受けたい方",
    Icon: Factory,
  },
] as const;

/** /register without ?type=: the person picks buyer or supplier first. */
export function AccountTypeChoice() {
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {CHOICES.map(({ type, title, text, Icon }) => (
          <li key={type}>
            <Link
              href={`/register?type=${type}`}
              className="group flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 group-hover:bg-white">
                <Icon aria-hidden className="size-6" />
              </span>
              <span className="flex-1">
                <span className="block text-base font-bold text-slate-900 desktop:text-lg">{title}</span>
                <span className="mt-1 block text-sm leading-6 text-slate-600">{text}</span>
              </span>
              <ChevronRight
                aria-hidden
                className="size-5 shrink-0 text-slate-400 group-hover:text-brand-600"
              />
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-center text-sm text-slate-600">
        既にアカウントをお持ちの方は
        <Link href="/buyer/login" className={`mx-1 ${linkClass}`}>
          発注者ログイン
        </Link>
        ／
        <Link href="/oem/login" className={`mx-1 ${linkClass}`}>
          OEMメーカーログイン
        </Link>
      </p>
    </div>
  );
}
