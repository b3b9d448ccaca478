"use client";

// The messages of a thread, oldest at the top: the newest page comes from the polling hook,
// older pages are added with 「以前のメッセージを読み込む」. System events (見積の提出、辞退、
// 発注先の決定、お見送り) are notices in the middle of the conversation.
import { CheckCheck, Flag, Info, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";
import { formatDateTime } from "@/lib/japanese-date";
import type { DealMessage } from "@/modules/deals/deals.schema";
import type { DealPaths, MessagesPage } from "./deal-api";
import { DealFileList } from "./deal-parts";
import { ReportDialog } from "./report-dialog";

/** Merges the newest page and the older pages into one list, oldest first, each message once. */
export function mergeMessages(newest: DealMessage[], older: DealMessage[]): DealMessage[] {
  const byId = new Map<string, DealMessage>();
  for (const m of [...older, ...newest]) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt),
  );
}

export function MessageList({
  paths,
  threadId,
  newest,
  counterpartName,
}: {
  paths: DealPaths;
  threadId: string;
  newest: MessagesPage;
  counterpartName: string;
}) {
  const [older, setOlder] = useState<DealMessage[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [reporting, setReporting] = useState<DealMessage | null>(null);
  const [reported, setReported] = useState<Set<string>>(new Set());

  // Until older pages are loaded, the next cursor is the newest page's.
  const next = cursor === undefined ? newest.nextCursor : cursor;
  // Every message seen stays, also one pushed off the newest page by a burst of new ones.
  useEffect(() => {
    if (cursor !== undefined) setOlder((o) => mergeMessages(newest.items, o));
  }, [newest, cursor]);
  const list = mergeMessages(newest.items, older);

  const loadOlder = async () => {
    if (!next) return;
    setLoading(true);
    setError(undefined);
    try {
      const page = await apiFetch<MessagesPage>(paths.messages(threadId, next));
      setOlder((o) => [...o, ...page.items]);
      setCursor(page.nextCursor);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {next && (
        <div className="flex flex-col items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="border border-slate-300"
            disabled={loading}
            onClick={() => void loadOlder()}
          >
            {loading && <Loader2 aria-hidden className="size-4 animate-spin" />}
            以前のメッセージを読み込む
          </Button>
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
      )}
      {list.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-4 py-8 text-center text-sm leading-6 text-slate-600">
          まだメッセージはありません。仕様の確認や見積の相談など、最初のメッセージを送りましょう。
        </p>
      ) : (
        <ol aria-label="メッセージ一覧" className="flex flex-col gap-3">
          {list.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              counterpartName={counterpartName}
              reported={m.reported || reported.has(m.id)}
              onReport={() => setReporting(m)}
            />
          ))}
        </ol>
      )}
      <ReportDialog
        message={reporting}
        onClose={() => setReporting(null)}
        onSubmit={async (reason) => {
          if (!reporting) return;
          await apiFetch(paths.report(reporting.id), { method: "POST", body: { reason } });
          setReported((s) => new Set(s).add(reporting.id));
        }}
      />
    </div>
  );
}

function MessageItem({
  message: m,
  counterpartName,
  reported,
  onReport,
}: {
  message: DealMessage;
  counterpartName: string;
  reported: boolean;
  onReport: () => void;
}) {
  const time = (
    <time dateTime={m.createdAt} className="tabular-nums">
      {formatDateTime(m.createdAt)}
    </time>
  );
  if (m.kind !== "MESSAGE") {
    return (
      <li className="flex justify-center">
        <div className="flex max-w-full items-start gap-2 rounded-full border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <p className="min-w-0 break-words">
            <span className="font-bold">{m.mine ? "自社" : counterpartName}</span>：{m.body}
            <span className="ml-2 text-xs text-slate-500">{time}</span>
          </p>
        </div>
      </li>
    );
  }
  return (
    <li className={cn("flex", m.mine ? "justify-end" : "justify-start")}>
      <article
        aria-label={`${m.mine ? "自社" : counterpartName}のメッセージ`}
        className={cn(
          "w-fit max-w-[92%] rounded-lg border px-4 py-3 desktop:max-w-[80%]",
          m.mine ? "border-brand-600/30 bg-brand-50" : "border-slate-200 bg-white",
        )}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
          <span className="font-bold text-slate-800">
            {m.mine ? `自社${m.authorName ? `（${m.authorName}）` : ""}` : (m.authorName ?? counterpartName)}
          </span>
          {time}
        </p>
        <p className="mt-1 text-[15px] leading-7 whitespace-pre-wrap break-words text-slate-900">{m.body}</p>
        <DealFileList files={m.files} tone={m.mine ? "mine" : "light"} />
        <div className="mt-1 flex items-center justify-end gap-3 text-xs text-slate-600">
          {m.mine && m.readByOther && (
            <span className="inline-flex items-center gap-1">
              <CheckCheck aria-hidden className="size-3.5" />
              既読
            </span>
          )}
          {!m.mine &&
            (reported ? (
              <span>通報済み</span>
            ) : (
              <button
                type="button"
                onClick={onReport}
                className="inline-flex min-h-8 items-center gap-1 rounded px-1 hover:text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Flag aria-hidden className="size-3.5" />
                通報
                <span className="sr-only">（{formatDateTime(m.createdAt)}のメッセージ）</span>
              </button>
            ))}
        </div>
      </article>
    </li>
  );
}
