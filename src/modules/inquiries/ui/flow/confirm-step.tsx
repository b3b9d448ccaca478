"use client";

import { FileText, MailWarning, RefreshCw, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ResendVerification } from "@/components/ui/resend-verification";
import { ApiError } from "@/lib/api/client";
import { submissionKey } from "@/lib/api/submission-key";
import { fileKindLabel, formatBytes } from "@/lib/file-size";
import { japaneseDateWithWeekday } from "@/lib/japanese-date";
import type { SelectedCompany } from "@/lib/selected-companies";
import type { BrowserSession } from "@/lib/session/session-provider";
import { toast } from "@/lib/toast";
import { yenSuffixed } from "@/lib/yen";
import { createInquiry, dryRunInquiry } from "./api";
import { BackToContent } from "./back-to-content";
import { ConfirmSection, None, Row } from "./confirm-parts";
import {
  type FlowTarget,
  flowHref,
  type InquiryDraft,
  normaliseYen,
  savePendingErrors,
  saveSent,
  toInquiryBody,
} from "./draft";
import type { Prefecture } from "./prefecture-picker";
import { HIDDEN_NAME, type NominatedCompany } from "./recipients";
import { RequirementsSummary } from "./requirements-summary";
import { SendBlockedNotice } from "./send-blocked";

const GENERIC = "通信に失敗しました。時間をおいてもう一度お試しください。";

/**
 * Step 3: everything read-only with 修正する links, checked once more on the server with the
 * buyer's session (attachments must be the company's); an unverified email blocks sending
 * with a notice, a resend button and a refresh. A 422 returns to step 1 with the fields.
 */
export function ConfirmStep({
  target,
  draft,
  session,
  selected,
  nominated,
  blocked,
  onVerifiedCheck,
  onSent,
  onBackWithErrors,
}: {
  target: FlowTarget;
  draft: InquiryDraft;
  session: BrowserSession;
  selected: SelectedCompany[];
  nominated: NominatedCompany | undefined;
  /** Why this buyer may not send it: shown instead of the send button (and no check is run). */
  blocked?: string;
  onVerifiedCheck: () => Promise<BrowserSession | null>;
  onSent: () => void;
  onBackWithErrors: () => void;
}) {
  const [sending, setSending] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string>();
  const { data: categories } = useSWR<{ items: Array<{ id: number; name: string }> }>("/api/categories");
  const { data: prefectures } = useSWR<{ items: Prefecture[] }>("/api/prefectures");
  const verified = session.user.emailVerified;
  const selectedIds = selected.map((c) => c.id);
  const body = () => ({
    ...toInquiryBody(draft, target, selectedIds),
    companyId: session.companyDetails?.id,
  });

  const backToStep1 = (e: unknown) => {
    if (e instanceof ApiError && e.status === 422 && Object.keys(e.fields).length) {
      savePendingErrors(
        target,
        e.fields,
        "送信前の確認で、修正が必要な項目が見つかりました。赤字の項目をご確認ください。",
      );
      onBackWithErrors();
      return true;
    }
    return false;
  };

  // The same check as create, now with the buyer's company (e.g. attachments of another account).
  const checkedOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the draft as it is on arrival
  useEffect(() => {
    if (checkedOnce.current || blocked) return;
    checkedOnce.current = true;
    dryRunInquiry(body(), true).catch((e) => {
      if (!backToStep1(e)) setError(e instanceof ApiError ? e.message : GENERIC);
    });
  }, []);

  // One key per send attempt: a retry after a lost answer resends it and gets the same inquiry.
  const sendKey = useRef(submissionKey());
  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      const payload = body();
      const created = await createInquiry(payload, sendKey.current.keyFor(payload));
      sendKey.current.settle();
      saveSent(target, {
        id: created.id,
        type: created.type,
        title: draft.title,
        companyCount: target.kind === "bulk" ? selected.length : 1,
        companyName: nominated?.name,
      });
      onSent();
    } catch (e) {
      sendKey.current.settle(e);
      setSending(false);
      if (backToStep1(e)) return;
      setError(e instanceof ApiError ? e.message : GENERIC);
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  };

  const refresh = async () => {
    setRefreshing(true);
    const next = await onVerifiedCheck();
    setRefreshing(false);
    if (next?.user.emailVerified) toast.success("メールアドレスの確認が完了しました。送信できます。");
    else toast.error("まだ確認が完了していません。メールのリンクを開いてから、もう一度お試しください。");
  };

  const category = categories?.items.find((c) => String(c.id) === draft.categoryId)?.name;
  const prefNames = draft.prefectureIds.map(
    (id) => prefectures?.items.find((p) => p.id === id)?.name ?? `都道府県${id}`,
  );
  const amount = (v: string) => {
    const n = normaliseYen(v);
    return typeof n === "number" ? yenSuffixed(n) : undefined;
  };

  return (
    <div className="flex flex-col gap-8">
      {!verified && (
        <section
          aria-labelledby="verify-notice"
          className="flex flex-col gap-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-5 desktop:flex-row desktop:items-start desktop:gap-5"
        >
          <MailWarning aria-hidden className="size-8 shrink-0 text-amber-600" />
          <div className="flex flex-col gap-3">
            <h2 id="verify-notice" className="text-base font-bold text-amber-900 desktop:text-lg">
              メールアドレスの確認が完了していません
            </h2>
            <p className="text-sm leading-7 text-amber-950">
              <span className="break-all font-bold">{session.user.email}</span>
              宛にお送りした確認メールのリンクを開くと、問い合わせを送信できるようになります。入力内容はこのまま保存されています。
            </p>
            <div className="flex flex-col gap-4 desktop:flex-row desktop:items-end desktop:gap-6">
              <ResendVerification />
              <div>
                <p className="text-sm text-slate-600">メールのリンクを開いたあとは</p>
                <Button variant="primary" className="mt-3" onClick={refresh} disabled={refreshing}>
                  <RefreshCw aria-hidden className={refreshing ? "size-4 animate-spin" : "size-4"} />
                  確認済みの方はこちら
                </Button>
              </div>
            </div>
          </div>
        </section>
      )}
      {error && <Alert tone="error">{error}</Alert>}

      <p className="text-sm leading-7 text-slate-700">
        以下の内容で送信します。内容を修正する場合は「修正する」を押してください。
      </p>

      <ConfirmSection title="問い合わせ先" edit={target.kind === "bulk" ? flowHref(target, 1) : undefined}>
        {target.kind === "bulk" ? (
          <Row label="お知らせを届ける企業">
            {selected.length ? (
              <ul className="flex flex-col gap-1">
                {selected.map((c) => (
                  <li key={c.id}>{c.name || HIDDEN_NAME}</li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-500">選択なし（公開後、すべてのOEMメーカーが見られます）</span>
            )}
          </Row>
        ) : (
          <Row label="指名する企業">{nominated?.name ?? "読み込み中…"}</Row>
        )}
        <Row label="送信者">
          {session.companyDetails?.name}
          <br />
          <span className="text-slate-600">
            {session.companyUserProfile?.name ?? session.user.name}（{session.user.email}）
          </span>
        </Row>
      </ConfirmSection>

      <ConfirmSection title="ご依頼の内容" edit={flowHref(target, 1, "field-title")}>
        <Row label="案件名">{draft.title}</Row>
        <Row label="カテゴリ">{category ?? "—"}</Row>
        <Row label="依頼内容">
          <p className="whitespace-pre-wrap break-words">{draft.description}</p>
        </Row>
      </ConfirmSection>

      <ConfirmSection title="数量・条件" edit={flowHref(target, 1, "field-quantity")}>
        <Row label="数量・ロット">{draft.quantity}</Row>
        <Row label="希望単価（1個あたり）">{amount(draft.targetUnitPrice) ?? <None />}</Row>
        <Row label="予算（総額）">{amount(draft.budget) ?? <None />}</Row>
        <Row label="希望納期">
          {draft.desiredDeliveryDate ? japaneseDateWithWeekday(draft.desiredDeliveryDate) : <None />}
        </Row>
        {target.kind === "bulk" && (
          <Row label="エントリー締切">
            {draft.entryDeadline ? japaneseDateWithWeekday(draft.entryDeadline) : "14日後（初期値）"}
          </Row>
        )}
        <Row label="希望する製造地域">{prefNames.length ? prefNames.join("、") : "指定なし（全国）"}</Row>
        <Row label="NDA（秘密保持契約）">{draft.ndaRequired ? "締結が必要" : "不要"}</Row>
      </ConfirmSection>

      <RequirementsSummary target={target} draft={draft} />

      <ConfirmSection title="添付ファイル" edit={flowHref(target, 1, "field-attachments")}>
        <Row label={`ファイル（${draft.attachments.length}/5）`}>
          {draft.attachments.length ? (
            <ul className="flex flex-col gap-1.5">
              {draft.attachments.map((a) => (
                <li key={a.id} className="flex min-w-0 items-center gap-2">
                  <FileText aria-hidden className="size-4 shrink-0 text-brand-600" />
                  <span className="min-w-0 truncate">{a.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">
                    {fileKindLabel(a.contentType, a.name)}・{formatBytes(a.byteSize)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-slate-500">なし（「修正する」から添付できます）</span>
          )}
        </Row>
      </ConfirmSection>

      <div className="flex flex-col items-center gap-4 border-t border-slate-200 pt-8">
        {target.kind === "bulk" ? (
          <p className="text-center text-sm leading-6 text-slate-600">
            送信後、運営の確認を経て公開されます。
          </p>
        ) : blocked ? null : (
          <p className="text-center text-sm leading-6 text-slate-600">送信すると、すぐに企業へ届きます。</p>
        )}
        {blocked ? (
          <SendBlockedNotice message={blocked} />
        ) : (
          <Button size="cta" onClick={send} disabled={sending || !verified}>
            <Send aria-hidden className="size-5" />
            {sending ? "送信しています…" : "この内容で送信する"}
          </Button>
        )}
        {!verified && !blocked && (
          <p className="text-center text-xs text-amber-800">メールアドレスの確認後に送信できます。</p>
        )}
        <BackToContent target={target} />
      </div>
    </div>
  );
}
