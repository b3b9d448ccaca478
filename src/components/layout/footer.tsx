// Site footer: the external pages of spec §2 (new tab), the operator contact, © 2023.

import Link from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { SITE_LINK_LABELS, type SiteLinks } from "@/lib/site-links";
import { Logo } from "./logo";
import { COPYRIGHT } from "./plain-shell";

const linkClass =
  "inline-flex items-center gap-1 rounded text-sm text-slate-600 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

export function Footer({ links }: { links: SiteLinks }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto w-full max-w-[1297px] px-4 pt-10 pb-8 desktop:px-10 desktop:pt-14">
        <div className="flex flex-col gap-8 desktop:flex-row desktop:items-start desktop:justify-between">
          <div>
            <Logo />
            <p className="mt-3 text-sm leading-6 text-slate-600">
              OEM・受託製造の委託先が見つかる
              <br className="desktop:hidden" />
              マッチングサービス
            </p>
          </div>
          <nav aria-label="フッターメニュー">
            <ul className="grid grid-cols-2 gap-x-6 gap-y-3 desktop:grid-cols-4 desktop:gap-x-10">
              {SITE_LINK_LABELS.map(([key, label]) => (
                <li key={key}>
                  <a href={links[key]} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {label}
                    <SpriteIcon name="external-link" className="size-3.5 text-slate-400" />
                    <span className="sr-only">（新しいタブで開きます）</span>
                  </a>
                </li>
              ))}
              <li>
                <Link href="/support" className={linkClass}>
                  運営へのお問い合わせ
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="mt-10 border-t border-slate-200 pt-6 text-xs text-slate-500">
          <small className="text-xs">{COPYRIGHT}</small>
        </p>
      </div>
    </footer>
  );
}
