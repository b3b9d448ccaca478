import { Alert } from "@/components/ui/alert";
import Link from "@/components/ui/link";
import { formatDate } from "@/lib/japanese-date";

// The buyer's my page: inquiries past their deadline with suppliers still waiting for a decision
// (docs/deal-room.md: reminders at +3 and +7 days by email, and this banner until every supplier
// has an award or an お見送り).

export interface UndecidedInquiry {
  inquiryId: string;
  title: string;
  deadline: string;
  undecided: number;
}

const SHOWN = 3;

export function UndecidedBanner({ items }: { items: UndecidedInquiry[] }) {
  if (!items.length) return null;
  return (
    <Alert tone="info" title="結果をお待ちのメーカーがいます" className="mb-6">
      <p>期限を過ぎた案件があります。発注先の決定、またはお見送りのご連絡をお願いします。</p>
      <ul className="mt-2 flex flex-col gap-1">
        {items.slice(0, SHOWN).map((i) => (
          <li key={i.inquiryId}>
            <Link
              className="font-bold text-brand-700 underline"
              href={`/account/buyer/inquiry/${i.inquiryId}/compare`}
            >
              {i.title}
            </Link>
            <span className="ml-2">
              （期限 {formatDate(i.deadline)}・{i.undecided}社が結果待ち）
            </span>
          </li>
        ))}
      </ul>
      {items.length > SHOWN && <p className="mt-1">ほか{items.length - SHOWN}件の案件があります。</p>}
    </Alert>
  );
}
