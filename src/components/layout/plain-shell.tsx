// The bare frame of the error boundaries (error.tsx, global-error.tsx): they may replace a
// failed layout and run in the browser, where the configured external links are unknown.
import type { ReactNode } from "react";
import { Logo } from "./logo";

/** spec §2: footer copyright year 2023. */
export const COPYRIGHT = "© 2023 OEMマッチ";

export function PlainHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 w-full max-w-[1297px] items-center px-4 desktop:h-[72px] desktop:px-10">
        <Logo />
      </div>
    </header>
  );
}

export function PlainFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto w-full max-w-[1297px] px-4 py-6 desktop:px-10">
        <small className="text-xs text-slate-500">{COPYRIGHT}</small>
      </div>
    </footer>
  );
}

export function PlainShell({ children }: { children: ReactNode }) {
  return (
    <>
      <PlainHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <PlainFooter />
    </>
  );
}
