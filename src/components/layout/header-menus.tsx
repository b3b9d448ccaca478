"use client";

// The contents of the header's search, login and user menus.
import { Building2, Check, ChevronRight, Factory, LogOut, Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { type BrowserSession, useSession } from "@/lib/session/session-provider";
import { toast } from "@/lib/toast";
import { Avatar } from "./avatar";

/** /oem/search with the keyword, or the bare search page for an empty box. */
export function searchHref(keyword: string): string {
  const k = keyword.trim();
  return k ? `/oem/search?keyword=${encodeURIComponent(k)}` : "/oem/search";
}

export function SearchMenu({ onSubmitted, autoFocus }: { onSubmitted: () => void; autoFocus: boolean }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const keyword = new FormData(e.currentTarget).get("keyword");
    onSubmitted();
    router.push(searchHref(typeof keyword === "string" ? keyword : ""));
  };

  // A plain GET form, so the search also works before the page's script has loaded.
  return (
    <search>
      <form action="/oem/search" method="get" onSubmit={submit} className="p-4 desktop:p-5">
        <label htmlFor="site-search-keyword" className="text-sm font-bold text-slate-800">
          キーワードでOEMメーカーを探す
        </label>
        <div className="mt-2 flex gap-2">
          <input
            ref={input}
            id="site-search-keyword"
            name="keyword"
            type="search"
            enterKeyHint="search"
            maxLength={100}
            placeholder="例：化粧品　小ロット"
            className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-base placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
          />
          <Button type="submit" aria-label="検索する" className="px-4">
            <Search aria-hidden className="size-5" />
            <span className="hidden desktop:inline">検索</span>
          </Button>
        </div>
        <p className="mt-2 text-xs text-slate-500">企業名・得意分野・事例から検索できます</p>
      </form>
    </search>
  );
}

const menuLink =
  "flex items-center justify-between gap-3 rounded-md px-3 py-3 text-sm font-bold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600";

export function LoginMenu() {
  return (
    <div className="p-3 desktop:p-4">
      <p className="px-3 pt-1 pb-1 text-xs font-bold text-slate-500">ログイン</p>
      <ul>
        <li>
          <Link href="/buyer/login" className={menuLink}>
            発注者としてログイン
            <ChevronRight aria-hidden className="size-4 text-slate-400" />
          </Link>
        </li>
        <li>
          <Link href="/oem/login" className={menuLink}>
            OEMメーカーとしてログイン
            <ChevronRight aria-hidden className="size-4 text-slate-400" />
          </Link>
        </li>
      </ul>
      <div className="mt-2 border-t border-slate-100 pt-3">
        <p className="px-3 pb-2 text-xs font-bold text-slate-500">無料会員登録</p>
        <div className="flex flex-col gap-2 px-3 pb-2">
          <Button asChild>
            <Link href="/register?type=BUYER">発注者として無料会員登録</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/register?type=SUPPLIER">OEMメーカーとして無料会員登録</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

const TYPE_LABEL = { BUYER: "発注者", SUPPLIER: "OEMメーカー" } as const;

export function UserMenu({ session }: { session: BrowserSession }) {
  const { signOut, switchCompany } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const name = session.companyUserProfile?.name ?? session.user.name;
  const activeId = session.companyDetails?.id;
  const myPage = session.companyType === "SUPPLIER" ? "/account/oem" : "/account/buyer";

  const onSwitch = async (companyId: string) => {
    setBusy(companyId);
    try {
      await switchCompany(companyId);
      toast.success("アカウントを切り替えました");
    } catch {
      toast.error("アカウントを切り替えられませんでした。時間をおいてもう一度お試しください。");
    } finally {
      setBusy(null);
    }
  };

  const onSignOut = async () => {
    setBusy("signout");
    try {
      await signOut("/");
    } catch {
      toast.error("ログアウトできませんでした。ページを再読み込みしてもう一度お試しください。");
      setBusy(null);
    }
  };

  return (
    <div>
      <div className="flex items-center gap-3 border-b border-slate-100 p-4">
        <Avatar name={name} />
        <div className="min-w-0">
          <p className="truncate text-sm font-bold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-600">{session.companyDetails?.name}</p>
        </div>
      </div>
      <div className="p-2">
        <Link href={myPage} className={menuLink}>
          マイページ
          <ChevronRight aria-hidden className="size-4 text-slate-400" />
        </Link>
      </div>
      {session.companies.length > 1 && (
        <div className="border-t border-slate-100 p-2">
          <p id="switch-company-label" className="px-3 pt-2 pb-1 text-xs font-bold text-slate-500">
            アカウントの切り替え
          </p>
          <ul aria-labelledby="switch-company-label">
            {session.companies.map((c) => {
              const current = c.id === activeId;
              const Icon = c.type === "SUPPLIER" ? Factory : Building2;
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    disabled={current || busy !== null}
                    aria-current={current ? "true" : undefined}
                    onClick={() => void onSwitch(c.id)}
                    className="flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left hover:bg-slate-50 disabled:cursor-default disabled:hover:bg-transparent"
                  >
                    <Icon aria-hidden className="size-5 shrink-0 text-slate-500" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-bold text-slate-800">{c.name}</span>
                      <span className="block text-xs text-slate-500">
                        {TYPE_LABEL[c.type]}
                        {busy === c.id && "・切り替え中…"}
                      </span>
                    </span>
                    {current && (
                      <>
                        <Check aria-hidden className="size-4 shrink-0 text-brand-600" />
                        <span className="sr-only">（利用中）</span>
                      </>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="border-t border-slate-100 p-2">
        <button
          type="button"
          onClick={() => void onSignOut()}
          disabled={busy !== null}
          className="flex w-full items-center gap-3 rounded-md px-3 py-3 text-sm font-bold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          <LogOut aria-hidden className="size-4 text-slate-500" />
          {busy === "signout" ? "ログアウトしています…" : "ログアウト"}
        </button>
      </div>
    </div>
  );
}
