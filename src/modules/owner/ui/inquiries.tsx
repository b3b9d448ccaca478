"use client";

// Inquiries in the console: the list by type (すべて / 一括 / 指名), one inquiry with the
// operator's actions (approve, reject with a reason, close, edit), and the dialog that corrects
// an entry's status (also used by the entries list).
import { Loader2, X } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Dialog } from "radix-ui";
import { type FormEvent, type ReactNode, useState } from "react";
import { useSWRConfig } from "swr";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { MiniTable } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Select, Textarea } from "@/components/ui/input";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { ApiError } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/form-helpers";
import { formatDate, formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import { yenOrDash } from "@/lib/yen";
import { ENTRY_STATUS, INQUIRY_STATUS } from "../owner.labels";
import type { OwnerEntryItem, OwnerInquiryDetail, OwnerInquiryItem } from "../owner.schema";
import { AuditTrail, BackLink, Fields, optionsOf, Panel, StatusBadge } from "./parts";

const link = "font-bold text-brand-700 underline-offset-4 hover:underline";

type InquiryType = "BULK" | "NOMINATION";
type InquiryStatus = OwnerInquiryItem["status"];
type EntryStatus = OwnerEntryItem["status"];

/** 2026-04-01 → 2026/04/01 (calendar dates of the API). */
const day = (d: string | null | undefined) => (d ? d.replaceAll("-", "/") : "—");

/** Refreshes every console GET whose path starts with one of the prefixes. */
function useRefresh() {
  const { mutate } = useSWRConfig();
  return (...prefixes: string[]) =>
    mutate(
      (key) =>
        Array.isArray(key) &&
        key[0] === "owner" &&
        typeof key[1] === "string" &&
        prefixes.some((p) => (key[1] as string).startsWith(p)),
    );
}

// ---------------------------------------------------------------- shared pieces

/** A dialog with a form: stays open while sending and on errors, keeping what was typed. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  busy,
  error,
  tone = "primary",
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** The form's message (the API's message, or a check before sending). */
  error?: string;
  tone?: "primary" | "danger";
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[640px] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white shadow-xl focus:outline-none">
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-6">
            <div className="flex items-start justify-between gap-3">
              <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Close asChild>
                <button
                  type="button"
                  disabled={busy}
                  className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
                >
                  <X aria-hidden className="size-5" />
                  <span className="sr-only">閉じる</span>
                </button>
              </Dialog.Close>
            </div>
            {description ? (
              <Dialog.Description asChild>
                <div className="text-sm leading-7 text-slate-700">{description}</div>
              </Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            {error && <Alert tone="error">{error}</Alert>}
            {children}
            <div className="mt-2 flex flex-col-reverse gap-2 desktop:flex-row desktop:justify-end">
              <Dialog.Close asChild>
                <Button variant="ghost" disabled={busy} className="border border-slate-300">
                  キャンセル
                </Button>
              </Dialog.Close>
              <Button type="submit" variant={tone} disabled={busy}>
                {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The API's message and field errors of a failed change; other field keys join the message. */
function errorsOf(e: unknown, known: string[]): { message: string; fields: Record<string, string> } {
  if (!(e instanceof ApiError)) return { message: messageOf(e), fields: {} };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [k, v] of Object.entries(e.fields)) {
    if (known.includes(k)) fields[k] = v;
    else rest.push(v);
  }
  return { message: [e.message, ...rest].join(" "), fields };
}

/** 「OEMメーカー「○○」で絞り込んでいます。解除」 for list parameters passed in the URL. */
export function ScopeNotice({ items }: { items: Array<{ param: string; label: string; name?: string }> }) {
  const pathname = usePathname() ?? "";
  const params = useSearchParams() ?? new URLSearchParams();
  const active = items.filter((i) => params.get(i.param));
  if (active.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {active.map((i) => {
        const next = new URLSearchParams(params);
        next.delete(i.param);
        next.delete("page");
        const qs = next.toString();
        return (
          <li
            key={i.param}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
          >
            <span className="min-w-0 break-words">
              {i.label}「{i.name ?? "読み込み中…"}」で絞り込んでいます。
            </span>
            <Link href={qs ? `${pathname}?${qs}` : pathname} className={link}>
              解除する
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The name of a company (or inquiry) a list is scoped to, for ScopeNotice. */
export function useScopeName<T>(path: string | null, pick: (data: T) => string): string | undefined {
  const { data, error } = useOwnerApi<T>(path);
  if (error) return "（見つかりません）";
  return data ? pick(data) : undefined;
}

// ---------------------------------------------------------------- entry status correction

const ENTRY_STATUSES = Object.keys(ENTRY_STATUS) as EntryStatus[];

/** The operator corrects one entry's status (PUT /api/owner/contact/entry/{contactId}). */
export function EntryStatusDialog({
  entry,
  onClose,
  onDone,
}: {
  entry: OwnerEntryItem | null;
  onClose: () => void;
  onDone: (updated: OwnerEntryItem) => void;
}) {
  const { call } = useOwnerSession();
  const refresh = useRefresh();
  const [status, setStatus] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [shownFor, setShownFor] = useState<string | null>(null);

  // A new entry opens the dialog afresh.
  if (entry && entry.id !== shownFor) {
    setShownFor(entry.id);
    setStatus("");
    setError(undefined);
    setFields({});
  }

  const submit = async () => {
    if (!entry) return;
    if (!status) {
      setFields({ status: "訂正後の状態を選択してください" });
      return;
    }
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const updated = await call<OwnerEntryItem>(`/api/owner/contact/entry/${entry.inquiry.id}`, {
        method: "PUT",
        body: { entryId: entry.id, status },
      });
      toast.success(`エントリーの状態を「${ENTRY_STATUS[updated.status]}」に訂正しました。`);
      void refresh("/api/owner/contact", "/api/owner/audit-log");
      onDone(updated);
      setShownFor(null);
      onClose();
    } catch (e) {
      const out = errorsOf(e, ["status"]);
      setError(out.message);
      setFields(out.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title="エントリーの状態を訂正"
      description={
        entry && (
          <div className="flex flex-col gap-1">
            <p>
              <span className="font-bold">{entry.supplier.name}</span> のエントリー
            </p>
            <p className="break-words text-slate-600">案件：{entry.inquiry.title}</p>
            <p className="flex items-center gap-2">
              現在の状態： <StatusBadge kind="entry" value={entry.status} />
            </p>
            <p className="text-xs text-slate-500">
              訂正は操作履歴に記録されます。発注者・OEMメーカーへのメール通知はありません。
            </p>
          </div>
        )
      }
      submitLabel="訂正する"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      {entry && (
        <>
          <FormField label="訂正後の状態" required error={fields.status}>
            <Select name="status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">選択してください</option>
              {ENTRY_STATUSES.filter((s) => s !== entry.status).map((s) => (
                <option key={s} value={s}>
                  {ENTRY_STATUS[s]}
                </option>
              ))}
            </Select>
          </FormField>
          <AuditTrail targetType="entry" targetId={entry.id} />
        </>
      )}
    </FormDialog>
  );
}

// ---------------------------------------------------------------- the list

const TABS: Array<{ type: "" | InquiryType; label: string; endpoint: string }> = [
  { type: "", label: "すべて", endpoint: "/api/owner/contact/common" },
  { type: "BULK", label: "一括問い合わせ", endpoint: "/api/owner/contact/bulk" },
  { type: "NOMINATION", label: "指名問い合わせ", endpoint: "/api/owner/contact/nomination" },
];

const SCOPES = ["buyerCompanyId", "supplierCompanyId"] as const;

function InquiryTabs({ current }: { current: "" | InquiryType }) {
  const pathname = usePathname() ?? "/owner/inquiries";
  const params = useSearchParams() ?? new URLSearchParams();
  return (
    <nav aria-label="問い合わせの種類" className="mt-1 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((t) => {
          const next = new URLSearchParams(params);
          next.delete("page");
          if (t.type) next.set("type", t.type);
          else next.delete("type");
          const qs = next.toString();
          const on = t.type === current;
          return (
            <li key={t.label} className="shrink-0">
              <Link
                href={qs ? `${pathname}?${qs}` : pathname}
                aria-current={on ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center border-b-2 px-3 text-sm font-bold whitespace-nowrap",
                  on
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function InquiriesList() {
  const params = useSearchParams() ?? new URLSearchParams();
  const raw = params.get("type");
  const tab = TABS.find((t) => t.type === raw) ?? TABS[0]!;
  const fixed: Record<string, string> = {};
  for (const s of SCOPES) {
    const v = params.get(s);
    if (v) fixed[s] = v;
  }
  const buyerName = useScopeName(
    fixed.buyerCompanyId ? `/api/owner/buyer/${fixed.buyerCompanyId}` : null,
    (d: { company: { name: string } }) => d.company.name,
  );
  const supplierName = useScopeName(
    fixed.supplierCompanyId ? `/api/owner/oem/${fixed.supplierCompanyId}` : null,
    (d: { company: { name: string } }) => d.company.name,
  );

  const filters: ListFilter[] = [
    { name: "keyword", label: "キーワード", type: "search", placeholder: "案件名・依頼内容・発注者名" },
    { name: "status", label: "状態", type: "select", options: optionsOf("inquiry") },
    {
      name: "sort",
      label: "並び順",
      type: "select",
      options: [
        { value: "", label: "登録日が新しい順" },
        { value: "oldest", label: "登録日が古い順" },
        { value: "deadline", label: "エントリー締切が近い順" },
      ],
    },
  ];

  const columns: Array<ListColumn<OwnerInquiryItem>> = [
    {
      header: "案件名",
      cell: (r) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <Link href={`/owner/inquiries/${r.id}`} className={cn(link, "break-words")}>
            {r.title}
          </Link>
          <span className="text-xs text-slate-500">{r.category.name}</span>
        </span>
      ),
    },
    ...(tab.type === ""
      ? [{ header: "種類", cell: (r: OwnerInquiryItem) => <StatusBadge kind="inquiryType" value={r.type} /> }]
      : []),
    { header: "状態", cell: (r) => <StatusBadge kind="inquiry" value={r.status} /> },
    {
      header: "発注者",
      cell: (r) => (
        <Link href={`/owner/buyers/${r.buyer.id}`} className={link}>
          {r.buyer.name}
        </Link>
      ),
    },
    ...(tab.type !== "BULK"
      ? [
          {
            header: "指名先",
            desktopOnly: tab.type === "",
            cell: (r: OwnerInquiryItem) =>
              r.nominatedCompany ? (
                <Link href={`/owner/suppliers/${r.nominatedCompany.id}`} className={link}>
                  {r.nominatedCompany.name}
                </Link>
              ) : (
                "—"
              ),
          },
        ]
      : []),
    {
      header: "エントリー",
      cell: (r) => <span className="whitespace-nowrap">{r.entryCount}件</span>,
      numeric: true,
    },
    ...(tab.type !== "NOMINATION"
      ? [
          {
            header: "エントリー締切",
            cell: (r: OwnerInquiryItem) => <span className="whitespace-nowrap">{day(r.entryDeadline)}</span>,
          },
        ]
      : []),
    {
      header: "登録日",
      cell: (r) => <span className="whitespace-nowrap">{formatDate(r.createdAt)}</span>,
      desktopOnly: true,
    },
  ];

  return (
    <ConsoleList
      title="問い合わせ"
      lead={
        <>
          <InquiryTabs current={tab.type} />
          <ScopeNotice
            items={[
              { param: "buyerCompanyId", label: "発注者", name: buyerName },
              { param: "supplierCompanyId", label: "OEMメーカー", name: supplierName },
            ]}
          />
        </>
      }
      endpoint={tab.endpoint}
      fixed={fixed}
      preserve={["type", ...SCOPES]}
      filters={filters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName={`${tab.type === "BULK" ? "bulk-inquiries" : tab.type === "NOMINATION" ? "nomination-inquiries" : "inquiries"}.csv`}
      empty="条件に合う問い合わせはありません。"
    />
  );
}

// ---------------------------------------------------------------- one inquiry

/** Where an operator may move the status by editing (the API's MOVES; REVIEW → OPEN is 承認). */
const EDIT_MOVES: Partial<Record<InquiryStatus, Array<"OPEN" | "CLOSED" | "CANCELLED">>> = {
  REVIEW: ["CANCELLED"],
  OPEN: ["CLOSED", "CANCELLED"],
  CLOSED: ["OPEN"],
};

const MOVE_LABELS: Record<"OPEN" | "CLOSED" | "CANCELLED", string> = {
  OPEN: "公開中に戻す（再公開）",
  CLOSED: "締切にする",
  CANCELLED: "取り下げにする",
};

function fileSize(bytes: number) {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

type EditValues = { title: string; description: string; entryDeadline: string; status: string };

function EditDialog({
  open,
  onOpenChange,
  inquiry,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inquiry: OwnerInquiryDetail;
  onSave: (body: Record<string, string>) => Promise<void>;
}) {
  const initial: EditValues = {
    title: inquiry.title,
    description: inquiry.description,
    entryDeadline: inquiry.entryDeadline ?? "",
    status: inquiry.status,
  };
  const [values, setValues] = useState<EditValues>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(initial);
      setError(undefined);
      setFields({});
    }
  }
  const bulk = inquiry.type === "BULK";
  const moves = EDIT_MOVES[inquiry.status] ?? [];
  const set = (k: keyof EditValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async () => {
    const body: Record<string, string> = {};
    if (values.title !== initial.title) body.title = values.title;
    if (values.description !== initial.description) body.description = values.description;
    if (bulk && values.entryDeadline !== initial.entryDeadline) body.entryDeadline = values.entryDeadline;
    if (values.status !== initial.status) body.status = values.status;
    if (Object.keys(body).length === 0) {
      setError("変更された項目がありません。");
      return;
    }
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      await onSave(body);
      onOpenChange(false);
    } catch (e) {
      const out = errorsOf(e, ["title", "description", "entryDeadline", "status"]);
      setError(out.message);
      setFields(out.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="問い合わせを編集"
      description="変更は操作履歴に記録されます。発注者・OEMメーカーへのメール通知はありません。"
      submitLabel="変更を保存する"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      <FormField label="案件名" required error={fields.title} hint="100文字以内">
        <Input name="title" value={values.title} onChange={set("title")} maxLength={100} />
      </FormField>
      <FormField label="依頼内容" required error={fields.description} hint="3,000文字以内">
        <Textarea
          name="description"
          value={values.description}
          onChange={set("description")}
          maxLength={3000}
          rows={8}
        />
      </FormField>
      {bulk && (
        <FormField
          label="エントリー締切"
          error={fields.entryDeadline}
          hint="明日から60日以内の日付を指定できます。"
        >
          <Input
            type="date"
            name="entryDeadline"
            value={values.entryDeadline}
            onChange={set("entryDeadline")}
          />
        </FormField>
      )}
      {moves.length > 0 ? (
        <FormField label="状態" error={fields.status}>
          <Select name="status" value={values.status} onChange={set("status")}>
            <option value={inquiry.status}>{INQUIRY_STATUS[inquiry.status]}（変更しない）</option>
            {moves.map((m) => (
              <option key={m} value={m}>
                {MOVE_LABELS[m]}
              </option>
            ))}
          </Select>
        </FormField>
      ) : (
        <p className="text-sm text-slate-600">
          状態：{INQUIRY_STATUS[inquiry.status]}（この状態からは変更できません）
        </p>
      )}
    </FormDialog>
  );
}

function RejectDialog({
  open,
  onOpenChange,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();

  const submit = async () => {
    if (!reason.trim()) {
      setFieldError("非承認の理由を入力してください");
      return;
    }
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      await onReject(reason.trim());
      setReason("");
      onOpenChange(false);
    } catch (e) {
      const out = errorsOf(e, ["reason"]);
      setError(out.message);
      setFieldError(out.fields.reason);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setError(undefined);
          setFieldError(undefined);
        }
        onOpenChange(next);
      }}
      title="一括問い合わせを非承認にする"
      description="非承認にすると公開されません。理由は発注者にメールでお知らせし、発注者の問い合わせ詳細にも表示されます。"
      submitLabel="非承認にする"
      tone="danger"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
    >
      <FormField
        label="非承認の理由"
        required
        error={fieldError}
        hint="発注者に表示されます（1,000文字以内）"
      >
        <Textarea
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={1000}
          rows={5}
          placeholder="例：連絡先の記載があるため公開できません。依頼内容から電話番号を削除して、もう一度お送りください。"
        />
      </FormField>
    </FormDialog>
  );
}

function EntriesPanel({
  inquiry,
  onCorrect,
}: {
  inquiry: OwnerInquiryDetail;
  onCorrect: (entry: OwnerEntryItem) => void;
}) {
  return (
    <Panel
      title={`エントリー（${inquiry.entries.length}件）`}
      actions={
        inquiry.entries.length > 0 ? (
          <Link href={`/owner/entries?contactId=${inquiry.id}`} className={link}>
            エントリーの一覧で見る
          </Link>
        ) : undefined
      }
    >
      {inquiry.entries.length === 0 ? (
        <p className="text-sm text-slate-600">エントリーはまだありません。</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {inquiry.entries.map((e) => (
            <li key={e.id} className="flex flex-col gap-2 py-4 text-sm first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link href={`/owner/suppliers/${e.supplier.id}`} className={cn(link, "break-words")}>
                  {e.supplier.name}
                </Link>
                <StatusBadge kind="entry" value={e.status} />
                <span className="text-xs text-slate-500">{formatDateTime(e.createdAt)}</span>
                <Button variant="outline" size="sm" className="ml-auto" onClick={() => onCorrect(e)}>
                  状態を訂正
                  <span className="sr-only">（{e.supplier.name}）</span>
                </Button>
              </div>
              <p className="break-words whitespace-pre-wrap text-slate-800">{e.message}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
                <span>提案単価：{yenOrDash(e.proposedUnitPriceYen)}</span>
                <span>納期：{e.leadTime ?? "—"}</span>
                <span className="break-all">
                  担当：{e.enteredBy.name}（{e.enteredBy.email}）
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function InquiryDetail({ contactId }: { contactId: string }) {
  const path = `/api/owner/contact/${contactId}`;
  const { data, error, mutate } = useOwnerApi<OwnerInquiryDetail>(path);
  const { call } = useOwnerSession();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<"approve" | "reject" | "close" | "edit" | null>(null);
  const [entry, setEntry] = useState<OwnerEntryItem | null>(null);

  /** PUT the action; the answer is the changed inquiry. A 409 (stale status) reloads the page's data. */
  const act = async (body: Record<string, unknown>, done: string) => {
    if (!data) return;
    const kind = data.type === "BULK" ? "bulk" : "nomination";
    try {
      const updated = await call<OwnerInquiryDetail>(`/api/owner/contact/${kind}/${contactId}`, {
        method: "PUT",
        body,
      });
      await mutate(updated, { revalidate: false });
      void refresh("/api/owner/audit-log", "/api/owner/contact", "/api/owner/dashboard");
      toast.success(done);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) void mutate();
      throw e;
    }
  };

  if (error) {
    return (
      <div className="flex flex-col gap-6">
        <BackLink href="/owner/inquiries">問い合わせの一覧へ</BackLink>
        <LoadError error={error} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex flex-col gap-6">
        <BackLink href="/owner/inquiries">問い合わせの一覧へ</BackLink>
        <LoadingBlock rows={2} />
      </div>
    );
  }

  const bulk = data.type === "BULK";
  const selected = data.recipients.filter((r) => r.kind === "SELECTED");
  const canApprove = bulk && data.status === "REVIEW";
  const canClose = data.status === "OPEN";

  return (
    <div className="flex flex-col gap-6">
      <BackLink href={`/owner/inquiries?type=${data.type}`}>
        {bulk ? "一括問い合わせの一覧へ" : "指名問い合わせの一覧へ"}
      </BackLink>

      <div className="flex flex-col gap-3 desktop:flex-row desktop:items-start desktop:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold break-words text-slate-900">{data.title}</h1>
          <p className="flex flex-wrap items-center gap-1.5">
            <StatusBadge kind="inquiryType" value={data.type} />
            <StatusBadge kind="inquiry" value={data.status} />
            <span className="text-xs text-slate-500">登録 {formatDateTime(data.createdAt)}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {canApprove && (
            <>
              <Button size="sm" onClick={() => setDialog("approve")}>
                承認する
              </Button>
              <Button size="sm" variant="danger" onClick={() => setDialog("reject")}>
                非承認にする
              </Button>
            </>
          )}
          {canClose && (
            <Button size="sm" variant="secondary" onClick={() => setDialog("close")}>
              締め切る
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setDialog("edit")}>
            編集する
          </Button>
        </div>
      </div>

      {data.status === "REVIEW" && bulk && (
        <Alert tone="info" title="審査待ちです">
          内容を確認して「承認する」か「非承認にする」を選んでください。承認するとすべてのOEMメーカーに公開されます。
        </Alert>
      )}
      {data.status === "REJECTED" && data.rejectionReason && (
        <Alert tone="error" title="非承認の理由（発注者に表示されています）">
          <p className="break-words whitespace-pre-wrap">{data.rejectionReason}</p>
        </Alert>
      )}

      <Panel title="案件の内容">
        <Fields
          rows={[
            [
              "案件ID",
              <span key="id" className="font-mono text-xs break-all">
                {data.id}
              </span>,
            ],
            ["カテゴリ", data.category.name],
            ["依頼内容", data.description],
            ["数量・ロット", data.quantity],
            [
              "希望単価（1個あたり）",
              data.targetUnitPriceYen != null ? yenOrDash(data.targetUnitPriceYen) : null,
            ],
            ["予算", data.budgetYen != null ? yenOrDash(data.budgetYen) : null],
            ["希望納期", data.desiredDeliveryDate ? day(data.desiredDeliveryDate) : null],
            ...(bulk ? ([["エントリー締切", day(data.entryDeadline)]] as Array<[string, ReactNode]>) : []),
            [
              "希望する所在地",
              data.prefectures.length ? data.prefectures.map((p) => p.name).join("、") : "指定なし",
            ],
            ["秘密保持契約（NDA）", data.ndaRequired ? "締結が必要" : "不要"],
            [
              "添付ファイル",
              data.attachments.length ? (
                <div key="att" className="flex flex-col gap-1">
                  <ul className="flex flex-col gap-0.5">
                    {data.attachments.map((a) => (
                      <li key={a.id} className="break-all">
                        {a.name} <span className="text-xs text-slate-500">（{fileSize(a.byteSize)}）</span>
                      </li>
                    ))}
                  </ul>
                  <p className="text-xs text-slate-500">
                    添付ファイルを開けるのは、発注者とこの案件を閲覧できるOEMメーカーだけです。
                  </p>
                </div>
              ) : (
                "なし"
              ),
            ],
          ]}
        />
      </Panel>

      <Panel title="経過">
        <Fields
          rows={[
            ["登録日時", formatDateTime(data.createdAt)],
            ...(bulk
              ? ([["審査日時", data.reviewedAt ? formatDateTime(data.reviewedAt) : null]] as Array<
                  [string, ReactNode]
                >)
              : []),
            ["公開日時", data.publishedAt ? formatDateTime(data.publishedAt) : null],
            ["締切日時", data.closedAt ? formatDateTime(data.closedAt) : null],
            ["取り下げ日時", data.cancelledAt ? formatDateTime(data.cancelledAt) : null],
          ]}
        />
      </Panel>

      <Panel
        title="発注者"
        actions={
          <Link href={`/owner/inquiries?buyerCompanyId=${data.buyer.id}`} className={link}>
            この発注者の問い合わせ
          </Link>
        }
      >
        <Fields
          rows={[
            [
              "企業名",
              <Link key="b" href={`/owner/buyers/${data.buyer.id}`} className={link}>
                {data.buyer.name}
              </Link>,
            ],
            ["担当者", data.createdBy.name],
            [
              "メールアドレス",
              data.createdBy.email ? (
                <a key="m" href={`mailto:${data.createdBy.email}`} className={cn(link, "break-all")}>
                  {data.createdBy.email}
                </a>
              ) : null,
            ],
            ["電話番号", data.createdBy.phone],
          ]}
        />
      </Panel>

      <Panel title={bulk ? `発注者が選んだOEMメーカー（${selected.length}社）` : "指名先のOEMメーカー"}>
        <MiniTable
          label="送付先のOEMメーカー"
          rows={data.recipients}
          rowKey={(r) => r.companyId}
          empty={
            bulk
              ? "発注者が選んだOEMメーカーはありません（公開後、すべてのOEMメーカーが閲覧できます）。"
              : "指名先がありません。"
          }
          columns={[
            {
              header: "企業名",
              wrap: true,
              cell: (r) => (
                <Link href={`/owner/suppliers/${r.companyId}`} className={link}>
                  {r.name}
                </Link>
              ),
            },
            { header: "種別", cell: (r) => (r.kind === "NOMINATED" ? "指名先" : "発注者が選択") },
            {
              header: "通知日時",
              cell: (r) =>
                r.notifiedAt ? formatDateTime(r.notifiedAt) : data.status === "REVIEW" ? "承認時に通知" : "—",
            },
            { header: "既読日時", cell: (r) => (r.readAt ? formatDateTime(r.readAt) : "未読") },
          ]}
        />
      </Panel>

      <EntriesPanel inquiry={data} onCorrect={setEntry} />

      <AuditTrail targetType="inquiry" targetId={data.id} />

      <ConfirmDialog
        open={dialog === "approve"}
        onOpenChange={(o) => setDialog(o ? "approve" : null)}
        title="この一括問い合わせを承認しますか？"
        tone="primary"
        confirmLabel="承認して公開する"
        description={
          <div className="flex flex-col gap-2">
            <p>承認すると「公開中」になり、すべてのOEMメーカーがエントリーできるようになります。</p>
            <p>
              {selected.length > 0
                ? `発注者と、発注者が選んだOEMメーカー${selected.length}社にメールでお知らせします。`
                : "発注者にメールでお知らせします（発注者が選んだOEMメーカーはありません）。"}
              同じカテゴリのOEMメーカーには、1日1回のまとめメールで届きます。
            </p>
          </div>
        }
        onConfirm={() => act({ action: "APPROVE" }, "一括問い合わせを承認し、公開しました。")}
      />
      <ConfirmDialog
        open={dialog === "close"}
        onOpenChange={(o) => setDialog(o ? "close" : null)}
        title="この問い合わせを締め切りますか？"
        confirmLabel="締め切る"
        description="締め切ると「締切」になり、OEMメーカーは新しくエントリーできなくなります。必要なら「編集する」から公開中に戻せます。"
        onConfirm={() => act({ action: "CLOSE" }, "問い合わせを締め切りました。")}
      />
      <RejectDialog
        open={dialog === "reject"}
        onOpenChange={(o) => setDialog(o ? "reject" : null)}
        onReject={(reason) => act({ action: "REJECT", reason }, "一括問い合わせを非承認にしました。")}
      />
      <EditDialog
        open={dialog === "edit"}
        onOpenChange={(o) => setDialog(o ? "edit" : null)}
        inquiry={data}
        onSave={(body) => act({ action: "EDIT", ...body }, "問い合わせを更新しました。")}
      />
      <EntryStatusDialog entry={entry} onClose={() => setEntry(null)} onDone={() => void mutate()} />
    </div>
  );
}
