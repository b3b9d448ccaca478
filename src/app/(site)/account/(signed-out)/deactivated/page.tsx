import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ErrorPanel } from "@/components/layout/error-screen";
import { BUYER_AREA, SUPPLIER_AREA } from "@/lib/session/user-type";
import { NoCompanyActions } from "@/modules/identity/ui/no-company";
import { getPageSession } from "@/server/auth/page-session";

export const metadata: Metadata = { title: "ご所属の企業は退会済みです", robots: { index: false } };

const pageSession = cache(getPageSession);

// A signed-in user whose every company was deactivated (the account areas send them here):
// what happened, and the two ways on — sign out, or register a new company.
export default async function NoCompanyPage() {
  const session = await pageSession();
  if (!session) redirect("/buyer/login");
  if (session.companyDetails?.id) redirect(session.companyType === "SUPPLIER" ? SUPPLIER_AREA : BUYER_AREA);
  return (
    <ErrorPanel
      title="ご所属の企業は退会済みです"
      message={
        <>
          {session.user.email}{" "}
          でログインしています。このアカウントが所属していた企業は退会の手続きが完了しているため、マイページはご利用いただけません。
          <br />
          新しく企業を登録すると、このアカウントのまま引き続きご利用いただけます。
        </>
      }
      causes={[
        "企業の管理者が退会の手続きを行いました",
        "退会した企業の問い合わせ・エントリーなどの情報は表示されません",
        "お心当たりがない場合は、企業の管理者または運営までお問い合わせください",
      ]}
      causesHeading="ご確認ください"
      actions={<NoCompanyActions />}
    />
  );
}
