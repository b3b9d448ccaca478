import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";

/** The two sign-in pages, one button each (the buyer's first). */
export function LoginButtons({ className }: { className: string }) {
  return (
    <div className={className}>
      <Button asChild size="cta">
        <Link href="/buyer/login">発注者ログイン</Link>
      </Button>
      <Button asChild size="cta" variant="outline">
        <Link href="/oem/login">OEMメーカーログイン</Link>
      </Button>
    </div>
  );
}
