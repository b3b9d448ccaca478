import { ArrowLeft } from "lucide-react";
import Link from "@/components/ui/link";
import { type FlowTarget, flowHref } from "./draft";

/** Back to step 1 (the inquiry's content), keeping the draft. */
export function BackToContent({ target }: { target: FlowTarget }) {
  return (
    <Link
      href={flowHref(target, 1)}
      className="inline-flex items-center gap-1.5 text-sm font-bold text-brand-700 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      内容入力に戻る
    </Link>
  );
}
