import { Crown } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { requireAreaSession } from "@/components/layout/account-guard";
import { errorContentFor } from "@/components/layout/error-catalogue";
import { ErrorPanel } from "@/components/layout/error-screen";
import { Button } from "@/components/ui/button";
import { EnteredList } from "@/modules/entries/ui/entered-list";

export const metadata: Metadata = { title: "エントリー済み案件一覧" };

// Paid suppliers only (spec §6; greyed in the sidebar for free ones). A free supplier who
// opens it anyway gets the 403 screen, with the way to the plan that opens it.
export default async function EnteredProjectsPage() {
  const { companyId, userType } = await requireAreaSession("oem");
  if (userType !== "oem_paid") {
    const c = errorContentFor(403);
    return (
      <ErrorPanel
        code={c.status}
        title={c.title}
        message={
          <>
            {c.message}
            <br />
            エントリー済み案件一覧は、無制限プランをご契約中の企業さまのみご利用いただけます。
          </>
        }
        causes={c.causes}
        actions={
          <>
            <Button asChild size="cta">
              <Link href="/account/oem/subscribe">
                <Crown aria-hidden className="size-5" />
                無制限プランを見る
              </Link>
            </Button>
            <Button asChild size="cta" variant="outline">
              <Link href="/">トップページへ</Link>
            </Button>
          </>
        }
      />
    );
  }
  return (
    <Suspense>
      <EnteredList key={companyId} companyId={companyId} />
    </Suspense>
  );
}
