"use client";

// The system check: run it now (database, file storage, email relay, scheduled jobs), read each
// result with its latency, and look back at earlier runs.
import { AlertTriangle, CheckCircle2, Loader2, Play, XCircle } from "lucide-react";
import { useState } from "react";
import type { PageOf } from "@/components/owner/console-list";
import { Panel } from "@/components/owner/parts";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { Pager } from "@/components/ui/pager";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { SystemCheck, SystemCheckResults } from "../owner.schema";
import { useRefreshOwner } from "./common";

type Status = "ok" | "warning" | "error";

const STATUS_WORDS: Record<Status, string> = { ok: "正常", warning: "注意", error: "異常" };

function StatusMark({ status }: { status: Status }) {
  const Icon = status === "ok" ? CheckCircle2 : status === "warning" ? AlertTriangle : XCircle;
  return (
    <Badge
      tone={status === "ok" ? "green" : status === "warning" ? "gold" : "red"}
      className="shrink-0 gap-1 whitespace-nowrap"
    >
      <Icon aria-hidden className="size-3.5" />
      {STATUS_WORDS[status]}
    </Badge>
  );
}

const KIND_WORDS: Record<string, string> = {
  pglite: "組み込みデータベース（PGlite）",
  postgres: "PostgreSQL",
  local: "サーバーのディスク",
  s3: "S3互換ストレージ",
};

function CheckCard({
  title,
  result,
  details,
}: {
  title: string;
  result: { status: Status; message: string; latencyMs: number | null };
  details?: string[];
}) {
  return (
    <li
      className={cn(
        "flex flex-col gap-2 rounded-lg border bg-white p-4",
        result.status === "ok"
          ? "border-slate-200"
          : result.status === "warning"
            ? "border-amber-300"
            : "border-red-300",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold text-slate-900">{title}</h3>
        <StatusMark status={result.status} />
      </div>
      <p className="text-sm leading-6 break-words text-slate-700">{result.message}</p>
      <p className="text-xs text-slate-500">
        {[result.latencyMs !== null ? `応答時間 ${result.latencyMs}ms` : null, ...(details ?? [])]
          .filter(Boolean)
          .join("・")}
      </p>
    </li>
  );
}

function CheckResult({ check }: { check: SystemCheck }) {
  const r: SystemCheckResults = check.results;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <StatusMark status={check.ok ? "ok" : "error"} />
        {formatDateTime(check.createdAt)} の結果：
        {check.ok ? "重大な問題はありません。" : "異常があります。内容を確認してください。"}
      </p>
      <ul className="grid grid-cols-1 gap-3 desktop:grid-cols-2" aria-label="チェック項目">
        <CheckCard
          title="データベース"
          result={r.database}
          details={[KIND_WORDS[r.database.kind] ?? r.database.kind]}
        />
        <CheckCard
          title="ファイル保存"
          result={r.storage}
          details={r.storage.kind ? [KIND_WORDS[r.storage.kind] ?? r.storage.kind] : []}
        />
        <CheckCard
          title="メール送信"
          result={r.email}
          details={[
            r.email.smtpConfigured ? "SMTP設定あり" : "SMTP未設定",
            `送信待ち ${r.email.pending}件`,
            r.email.oldestPendingSeconds !== null
              ? `最も古い送信待ち ${Math.round(r.email.oldestPendingSeconds / 60)}分前`
              : "",
            `失敗 ${r.email.failed}件`,
            r.email.stuck ? `${r.email.stuckAfterSeconds}秒以上遅れ ${r.email.stuck}件` : "",
          ].filter(Boolean)}
        />
        <CheckCard title="定期ジョブ" result={r.jobs} />
      </ul>
      {r.jobs.items.length > 0 && (
        <div className="hidden rounded-lg border border-slate-200 bg-white desktop:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">定期ジョブの実行状況</caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-bold">
                  ジョブ
                </th>
                <th scope="col" className="px-4 py-3 font-bold">
                  状態
                </th>
                <th scope="col" className="px-4 py-3 font-bold whitespace-nowrap">
                  最終実行
                </th>
                <th scope="col" className="px-4 py-3 font-bold whitespace-nowrap">
                  最終成功
                </th>
                <th scope="col" className="px-4 py-3 font-bold">
                  エラー
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {r.jobs.items.map((j) => (
                <tr key={j.name} className="align-top">
                  <th scope="row" className="px-4 py-3 font-mono text-xs font-normal text-slate-800">
                    {j.name}
                  </th>
                  <td className="px-4 py-3">
                    <StatusMark status={j.status} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {j.lastRunAt ? formatDateTime(j.lastRunAt) : "未実行"}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(j.lastOkAt)}</td>
                  <td className="px-4 py-3 text-xs break-all text-red-700">{j.lastError ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {r.jobs.items.length > 0 && (
        <ul className="flex flex-col gap-3 desktop:hidden" aria-label="定期ジョブの実行状況">
          {r.jobs.items.map((j) => (
            <li
              key={j.name}
              className="flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-white p-4 text-sm"
            >
              <p className="flex items-center justify-between gap-2">
                <span className="font-mono text-xs break-all text-slate-800">{j.name}</span>
                <StatusMark status={j.status} />
              </p>
              <p className="text-xs text-slate-600">
                最終実行 {j.lastRunAt ? formatDateTime(j.lastRunAt) : "未実行"}・最終成功{" "}
                {formatDateTime(j.lastOkAt)}
              </p>
              {j.lastError && <p className="text-xs break-all text-red-700">{j.lastError}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SystemCheckPage() {
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [running, setRunning] = useState(false);
  const [shown, setShown] = useState<SystemCheck | null>(null);
  const [page, setPage] = useState(1);
  const history = useOwnerApi<PageOf<SystemCheck>>(`/api/owner/test-list?page=${page}`, {
    keepPreviousData: true,
  });

  const run = async () => {
    setRunning(true);
    try {
      const check = await call<SystemCheck>("/api/owner/test");
      setShown(check);
      setPage(1);
      void refresh("/api/owner/test-list");
      if (check.ok) toast.success("システムチェックが完了しました。");
      else toast.error("システムチェックで異常が見つかりました。");
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="システムチェック"
        lead="データベース・ファイル保存・メール送信・定期ジョブが動いているかを確かめます。結果は履歴に残ります。"
        actions={
          <Button onClick={() => void run()} disabled={running}>
            {running ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <Play aria-hidden className="size-4" />
            )}
            {running ? "チェックしています…" : "システムチェックを実行"}
          </Button>
        }
      />
      <section aria-live="polite" aria-label="チェック結果">
        {shown ? (
          <Panel title="チェック結果">
            <CheckResult check={shown} />
          </Panel>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            「システムチェックを実行」を押すと、ここに結果が表示されます。過去の結果は下の履歴から開けます。
          </p>
        )}
      </section>
      <Panel title={`履歴${history.data ? `（${history.data.total}件）` : ""}`}>
        {history.error && !history.data ? (
          <LoadError error={history.error} onRetry={() => void history.mutate()} />
        ) : !history.data ? (
          <LoadingBlock rows={1} />
        ) : history.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">まだシステムチェックを実行していません。</p>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col divide-y divide-slate-100">
              {history.data.items.map((c) => {
                const r = c.results;
                const parts: Array<[string, Status]> = [
                  ["データベース", r.database.status],
                  ["ファイル保存", r.storage.status],
                  ["メール送信", r.email.status],
                  ["定期ジョブ", r.jobs.status],
                ];
                return (
                  <li
                    key={c.id}
                    className="flex flex-col gap-2 py-3 desktop:flex-row desktop:items-center desktop:justify-between"
                  >
                    <div className="flex flex-col gap-1.5">
                      <p className="flex flex-wrap items-center gap-2 text-sm">
                        <span className="font-bold text-slate-900">{formatDateTime(c.createdAt)}</span>
                        <StatusMark status={c.ok ? "ok" : "error"} />
                      </p>
                      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
                        {parts.map(([label, s]) => (
                          <span key={label}>
                            {label}：
                            <span
                              className={cn(
                                "font-bold",
                                s === "ok"
                                  ? "text-emerald-700"
                                  : s === "warning"
                                    ? "text-amber-700"
                                    : "text-red-700",
                              )}
                            >
                              {STATUS_WORDS[s]}
                            </span>
                          </span>
                        ))}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="self-start border border-slate-300 desktop:self-auto"
                      aria-pressed={shown?.id === c.id}
                      onClick={() => {
                        setShown(c);
                        window.scrollTo({ top: 0, behavior: "smooth" });
                      }}
                    >
                      {shown?.id === c.id ? "表示中" : "結果を見る"}
                    </Button>
                  </li>
                );
              })}
            </ul>
            <Pager
              page={history.data.page}
              perPage={history.data.perPage}
              total={history.data.total}
              onPage={setPage}
              label="履歴のページ送り"
            />
          </div>
        )}
      </Panel>
    </div>
  );
}
