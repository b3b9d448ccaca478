import { Crown } from "lucide-react";
import type { Metadata } from "next";
import { errorContentFor } from "@/components/layout/error-catalogue";
import { ErrorPanel } from "@/components/layout/error-screen";
import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";

export const metadata: Metadata = { title: "アクセス制限", robots: { index: false } };

// The 403 of the entered-projects list (free suppliers): the catalogue's screen plus the plan that opens it.
export default function EnteredProjectsForbidden() {
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
