import { CircleAlert } from "lucide-react";
import Link from "@/components/ui/link";

/**
 * In place of a step's submit button when the buyer may not send this inquiry (the operator
 * stopped the company's nominations): the page's words and the way to the support form.
 */
export function SendBlockedNotice({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex w-full max-w-[560px] flex-col items-center gap-3 rounded-lg border-2 border-amber-300 bg-amber-50 p-5 text-center"
    >
      <CircleAlert aria-hidden className="size-7 text-amber-600" />
      <p className="text-sm leading-7 font-bold text-amber-950 desktop:text-base">{message}</p>
      <Link
        href="/support"
        className="text-sm font-bold text-brand-700 underline underline-offset-4 hover:text-brand-800"
      >
        運営へのお問い合わせ
      </Link>
    </div>
  );
}
