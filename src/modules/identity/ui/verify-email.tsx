"use client";

import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { ResendVerification } from "@/components/ui/resend-verification";
import { Result } from "@/components/ui/result";
import { apiFetch } from "@/lib/api/client";
import { messageOf } from "@/lib/form-helpers";
import { useSession } from "@/lib/session/session-provider";
import { LoginButtons } from "./login-buttons";

const LINK_BROKEN = "リンクが正しくありません。メールに記載のURLをすべてコピーして開いてください。";

// One call per token, even when React runs the effect twice (a token can be used once).
const attempts = new Map<string, Promise<string>>();
function verifyOnce(token: string): Promise<string> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = apiFetch<{ message?: string }>("/api/auth/email/verify", {
      method: "POST",
      body: { token },
    }).then((res) => res?.message ?? "メールアドレスの確認が完了しました。");
    attempts.set(token, attempt);
  }
  return attempt;
}

type State = { kind: "verifying" } | { kind: "verified" } | { kind: "failed"; message: string };

/** /verify-email?token=…: the landing page of the link in the verification (or email change) mail. */
export function VerifyEmail({ token }: { token?: string }) {
  const { status, data, update } = useSession();
  const [state, setState] = useState<State>(
    token ? { kind: "verifying" } : { kind: "failed", message: LINK_BROKEN },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per token; update() changes with the session
  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token).then(
      () => {
        if (!live) return;
        setState({ kind: "verified" });
        void update();
      },
      (e) => live && setState({ kind: "failed", message: messageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const myPage = data?.companyType === "SUPPLIER" ? "/account/oem" : "/account/buyer";

  if (state.kind === "verifying") {
    return (
      <Result
        icon={<LoaderCircle aria-hidden className="size-8 animate-spin" />}
        title="メールアドレスを確認しています…"
      >
        <p>このままお待ちください。</p>
      </Result>
    );
  }

  if (state.kind === "verified") {
    return (
      <Result
        tone="success"
        icon={<CircleCheck aria-hidden className="size-8" />}
        title="メールアドレスの確認が完了しました"
      >
        <p>
          ご登録（または変更）いただいたメールアドレスの確認ができました。引き続きOEMマッチをご利用ください。
        </p>
        <div className="mt-8 flex flex-col items-center gap-4">
          {status === "authenticated" ? (
            <Button asChild size="cta">
              <Link href={myPage}>マイページへ</Link>
            </Button>
          ) : (
            <LoginButtons className="flex w-full flex-col items-center gap-3" />
          )}
        </div>
      </Result>
    );
  }

  return (
    <Result
      tone="error"
      icon={<CircleAlert aria-hidden className="size-8" />}
      title="メールアドレスを確認できませんでした"
    >
      <p role="alert">{state.message}</p>
      <div className="mt-8 flex flex-col items-center gap-4">
        {status === "authenticated" && data ? (
          data.user.emailVerified ? (
            <>
              <p>現在ログイン中のメールアドレスは確認済みです。</p>
              <Button asChild size="cta">
                <Link href={myPage}>マイページへ</Link>
              </Button>
            </>
          ) : (
            <ResendVerification className="text-center" />
          )
        ) : status === "unauthenticated" ? (
          <>
            <p>ログインすると、確認メールを再送できます。</p>
            <LoginButtons className="flex w-full flex-col items-center gap-3" />
          </>
        ) : null}
      </div>
    </Result>
  );
}
