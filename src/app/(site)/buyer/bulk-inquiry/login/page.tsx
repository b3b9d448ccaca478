import type { Metadata } from "next";
import { AuthLinks, AuthPage, linkClass } from "@/components/ui/auth-page";
import Link from "@/components/ui/link";
import { firstParam, type SearchParams } from "@/lib/form-helpers";
import { LoginForm } from "@/modules/identity/ui/login-form";
import { safeFlowRedirect } from "@/modules/inquiries/ui/flow/draft";

export const metadata: Metadata = { title: "ログイン｜問い合わせ", robots: { index: false } };

const DEFAULT_RETURN = "/buyer/bulk-inquiry?step=3";

/** The flow's step with another step number: where 「入力に戻る」 and registration lead. */
function withStep(path: string, step: number): string {
  const [base, query = ""] = path.split("?");
  const q = new URLSearchParams(query);
  q.set("step", String(step));
  return `${base}?${q.toString()}`;
}

/**
 * /buyer/bulk-inquiry/login: the buyer login inside the inquiry flows. After signing in it
 * returns to the flow (`?redirect=`, only the flows' own pages; default the bulk flow's
 * confirmation step), where the draft kept in the browser is waiting.
 */
export default async function InquiryLoginPage({ searchParams }: { searchParams: SearchParams }) {
  const back = safeFlowRedirect(firstParam((await searchParams).redirect)) ?? DEFAULT_RETURN;
  return (
    <AuthPage
      eyebrow="問い合わせ"
      title="発注者ログイン"
      lead={
        <p className="text-center">
          ログインすると、入力中の問い合わせの確認画面に戻ります。
          <br />
          入力した内容は保存されています。
        </p>
      }
    >
      <LoginForm accountType="BUYER" redirect={back} />
      <AuthLinks label="問い合わせの関連リンク">
        <Link href={withStep(back, 2)} className={linkClass}>
          はじめての方はこちら（会員登録して続ける）
        </Link>
        <Link href={withStep(back, 1)} className={linkClass}>
          問い合わせの入力に戻る
        </Link>
      </AuthLinks>
    </AuthPage>
  );
}
