"use client";

// The frame of every console page: the menu (a drawer on phones), the operator's name and
// sign-out, and the guard that sends a signed-out operator to /owner/login.
import { Loader2, LogOut, Menu, X } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useCallback, useId, useState } from "react";
import { LogoMark } from "@/components/layout/logo";
import { OnRouteChange } from "@/components/layout/on-route-change";
import Link from "@/components/ui/link";
import { cn } from "@/lib/cn";
import { useOwnerSession, useRequireOperator } from "@/lib/owner/owner-session";
import { CONSOLE_MENU, currentConsoleHref } from "./console-nav";

function ConsoleMenu() {
  const pathname = usePathname() ?? "/owner";
  const current = currentConsoleHref(pathname);
  return (
    <nav aria-label="運営メニュー" className="flex flex-col gap-5">
      {CONSOLE_MENU.map(({ group, links }) => (
        <div key={group}>
          <p className="px-3 pb-1 text-xs font-bold tracking-wider text-slate-400">{group}</p>
          <ul className="flex flex-col gap-0.5">
            {links.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  aria-current={l.href === current ? "page" : undefined}
                  className={cn(
                    "flex min-h-10 items-center rounded-md px-3 text-sm font-bold text-slate-200 hover:bg-slate-700 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-300",
                    l.href === current && "bg-slate-700 text-white",
                  )}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function ConsoleShell({ children }: { children: ReactNode }) {
  const status = useRequireOperator();
  const { operator, signOut } = useOwnerSession();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const drawerId = useId();

  if (status !== "signed-in" || !operator) {
    return (
      <div className="flex min-h-screen items-center justify-center gap-2 text-slate-600" role="status">
        <Loader2 aria-hidden className="size-5 animate-spin" />
        {status === "signed-out" ? "ログイン画面に移動しています…" : "読み込み中…"}
      </div>
    );
  }

  const logout = async () => {
    await signOut();
    router.replace("/owner/login?signedOut=1");
  };

  return (
    <div className="min-h-screen bg-slate-50 desktop:flex">
      <OnRouteChange onChange={close} />
      <a
        href="#console-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        本文へ移動
      </a>
      {/* Desktop: a fixed column. Phones: a bar and a drawer. */}
      <aside className="hidden w-60 shrink-0 bg-slate-800 px-3 py-5 desktop:block">
        <Link href="/owner" className="mb-6 flex items-center gap-2 px-3 font-bold text-white">
          <LogoMark className="size-7" />
          <span>
            運営コンソール
            <span className="block text-xs font-normal text-slate-300">OEMマッチ</span>
          </span>
        </Link>
        <ConsoleMenu />
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 desktop:px-8">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={drawerId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 desktop:hidden"
          >
            {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
            <span className="sr-only">{open ? "メニューを閉じる" : "メニューを開く"}</span>
          </button>
          <span className="font-bold text-slate-900 desktop:hidden">運営コンソール</span>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-600 sm:inline">
              <span className="sr-only">ログイン中の運営者：</span>
              {operator.name}
            </span>
            <button
              type="button"
              onClick={() => void logout()}
              className="inline-flex h-9 items-center gap-1.5 rounded-md border border-slate-300 px-3 font-bold text-slate-700 hover:bg-slate-100"
            >
              <LogOut aria-hidden className="size-4" />
              ログアウト
            </button>
          </div>
        </header>
        {open && (
          <div id={drawerId} className="bg-slate-800 px-3 py-4 desktop:hidden">
            <ConsoleMenu />
          </div>
        )}
        <main id="console-main" className="mx-auto w-full max-w-[1280px] px-4 py-6 desktop:px-8 desktop:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
