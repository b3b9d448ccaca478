// The full-page error screen of spec §2 "Layout of account pages" with the catalogue of §8.
// No hooks: it renders from server pages (not-found, auth error) and client boundaries alike.

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { errorContentFor, statusOfError } from "./error-catalogue";

/** The login buttons of the 401 screen, supplier first as in the spec; `redirect` is kept. */
export function LoginButtons({ redirect }: { redirect?: string }) {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : "";
  return (
    <>
      <Button asChild size="cta">
        <Link href={`/oem/login${query}`}>OEMメーカーとしてログイン</Link>
      </Button>
      <Button asChild size="cta" variant="outline">
        <Link href={`/buyer/login${query}`}>発注者としてログイン</Link>
      </Button>
    </>
  );
}

export function TopPageButton() {
  return (
    <Button asChild size="cta">
      <Link href="/">トップページへ</Link>
    </Button>
  );
}

/** The layout shared by the error screen and the sign-in mechanism's error page. */
export function ErrorPanel({
  code,
  title,
  message,
  causes,
  causesHeading = "考えられる原因",
  actions,
}: {
  code?: number;
  title: string;
  message: ReactNode;
  causes?: string[];
  causesHeading?: string;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby="error-title"
      className="mx-auto w-full max-w-[994px] px-4 py-14 text-center [word-break:auto-phrase] desktop:px-10 desktop:py-24"
    >
      {code !== undefined && (
        <p className="font-bold leading-none tracking-tight text-brand-600">
          <span className="sr-only">エラーコード </span>
          <span className="text-6xl desktop:text-8xl">{code}</span>
        </p>
      )}
      <h1 id="error-title" className="mt-5 text-2xl font-bold text-slate-900 desktop:text-3xl">
        {title}
      </h1>
      <p className="mt-4 leading-7 text-slate-600">{message}</p>
      {causes && causes.length > 0 && (
        <div className="mx-auto mt-8 max-w-[508px] rounded-lg border border-slate-200 bg-slate-50 px-5 py-4 text-left">
          <h2 className="text-sm font-bold text-slate-800">{causesHeading}</h2>
          <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-700">
            {causes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-10 flex flex-col items-center justify-center gap-4 desktop:flex-row">{actions}</div>
    </section>
  );
}

/**
 * The error screen for a status: 401, 403, 404, else 500. On 401 the two login buttons
 * replace the top-page button; `redirect` brings the user back after logging in.
 */
export function ErrorScreen({ status, redirect }: { status: number | undefined; redirect?: string }) {
  const content = errorContentFor(status);
  return (
    <ErrorPanel
      code={content.status}
      title={content.title}
      message={content.message}
      causes={content.causes}
      actions={content.status === 401 ? <LoginButtons redirect={redirect} /> : <TopPageButton />}
    />
  );
}

/** Renders the screen for a failed call: the response's status (ApiError), else 500 (spec §7). */
export function ApiErrorScreen({ error, redirect }: { error: unknown; redirect?: string }) {
  return <ErrorScreen status={statusOfError(error)} redirect={redirect} />;
}
