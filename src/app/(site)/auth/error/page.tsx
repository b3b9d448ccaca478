import type { Metadata } from "next";
import { authErrorContent, safeCallbackPath } from "@/components/layout/auth-error-catalogue";
import { ErrorPanel, ErrorScreen, LoginButtons, TopPageButton } from "@/components/layout/error-screen";

export const metadata: Metadata = { title: "ログインエラー", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// /auth/error?error=…&callbackUrl=…: the sign-in mechanism's errors (spec §8) in Japanese.
export default async function AuthErrorPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const code = first(params.error);
  const content = authErrorContent(code);
  const callback = safeCallbackPath(first(params.callbackUrl));
  // A required session is the 401 of the error catalogue: its screen with the two login buttons.
  if (code === "SessionRequired") return <ErrorScreen status={401} redirect={callback} />;
  return (
    <ErrorPanel
      title={content.title}
      message={content.message}
      causes={content.causes}
      causesHeading={content.login ? "ご確認ください" : "考えられる原因"}
      actions={content.login ? <LoginButtons redirect={callback} /> : <TopPageButton />}
    />
  );
}
