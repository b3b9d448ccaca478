"use client";

// News written by the operator: the list (drafts included), and one form to write or edit a
// news item for everyone, buyers or suppliers, as a draft or published from a date (Japan time).
import { Loader2, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { formErrorsOf, linkClass, useRefreshOwner } from "@/components/owner/console-helpers";
import { ConsoleList, type ListColumn, type ListFilter } from "@/components/owner/console-list";
import { AuditTrail, BackLink, LABELS, optionsOf, StatusBadge } from "@/components/owner/parts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { fromJapanLocalInput, toJapanLocalInput } from "@/lib/japan-time";
import { formatDateTime } from "@/lib/japanese-date";
import { useOwnerApi, useOwnerSession } from "@/lib/owner/owner-session";
import { toast } from "@/lib/toast";
import type { OwnerNewsItem } from "@/modules/news/news-operator.schema";

type Audience = OwnerNewsItem["audience"];
type NewsStatus = OwnerNewsItem["status"];

/** 「公開中」「公開予定」「下書き」: a published item with a future date is not shown yet. */
function NewsState({ item }: { item: Pick<OwnerNewsItem, "status" | "publishedAt"> }) {
  const scheduled =
    item.status === "PUBLISHED" && item.publishedAt && new Date(item.publishedAt).getTime() > Date.now();
  return (
    <span className="flex flex-wrap items-center gap-1">
      <StatusBadge kind="news" value={item.status} />
      {scheduled && <span className="text-xs font-bold text-amber-700">公開予定</span>}
    </span>
  );
}

const newsFilters: ListFilter[] = [
  { name: "keyword", label: "キーワード", type: "search", placeholder: "タイトル・本文" },
  { name: "status", label: "公開状態", type: "select", options: optionsOf("news") },
  { name: "audience", label: "対象", type: "select", options: optionsOf("audience") },
];

export function NewsList() {
  const columns: Array<ListColumn<OwnerNewsItem>> = [
    {
      header: "タイトル",
      cell: (r) => (
        <Link href={`/owner/news/${r.id}`} className={linkClass}>
          {r.title}
        </Link>
      ),
    },
    { header: "対象", cell: (r) => LABELS.audience[r.audience] },
    { header: "公開状態", cell: (r) => <NewsState item={r} /> },
    { header: "公開日時", cell: (r) => formatDateTime(r.publishedAt) },
    { header: "更新日時", cell: (r) => formatDateTime(r.updatedAt), desktopOnly: true },
  ];
  return (
    <ConsoleList
      title="お知らせ"
      lead="発注者・OEMメーカーのマイページに表示されるお知らせです。"
      actions={
        <Button asChild size="sm">
          <Link href="/owner/news/new">
            <Plus aria-hidden className="size-4" />
            お知らせを作成
          </Link>
        </Button>
      }
      endpoint="/api/owner/news"
      filters={newsFilters}
      columns={columns}
      rowKey={(r) => r.id}
      csvName="news.csv"
      empty="該当するお知らせはありません。"
    />
  );
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  hint,
}: {
  legend: string;
  name: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (v: T) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={[hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim() || undefined}
    >
      <legend className="mb-1.5 text-sm font-bold text-slate-800">
        {legend}
        <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">必須</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-bold text-slate-700 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="size-4 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const AUDIENCES: Array<{ value: Audience; label: string }> = [
  { value: "ALL", label: "全員" },
  { value: "BUYER", label: "発注者" },
  { value: "SUPPLIER", label: "OEMメーカー" },
];
const STATUSES: Array<{ value: NewsStatus; label: string }> = [
  { value: "DRAFT", label: "下書き" },
  { value: "PUBLISHED", label: "公開" },
];

function NewsForm({ item, onSaved }: { item?: OwnerNewsItem; onSaved?: (saved: OwnerNewsItem) => void }) {
  const router = useRouter();
  const { call } = useOwnerSession();
  const refresh = useRefreshOwner();
  const [title, setTitle] = useState(item?.title ?? "");
  const [body, setBody] = useState(item?.body ?? "");
  const [audience, setAudience] = useState<Audience>(item?.audience ?? "ALL");
  const [status, setStatus] = useState<NewsStatus>(item?.status ?? "DRAFT");
  const [publishAt, setPublishAt] = useState(toJapanLocalInput(item?.publishedAt));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setFormError(undefined);
    const publishedAt = fromJapanLocalInput(publishAt);
    const payload = {
      title,
      body,
      audience,
      status,
      // New: no date means "now" when published. Edit: null asks for "now" (or none for a draft).
      publishedAt: item ? publishedAt : (publishedAt ?? undefined),
    };
    try {
      const saved = await call<OwnerNewsItem>(item ? `/api/owner/news/${item.id}` : "/api/owner/news", {
        method: item ? "PUT" : "POST",
        body: payload,
      });
      setFields({});
      void refresh("/api/owner/news", "/api/owner/audit-log", "/api/owner/dashboard");
      toast.success(
        saved.status === "DRAFT"
          ? "下書きを保存しました。"
          : `お知らせを${item?.status === "PUBLISHED" ? "更新" : "公開"}しました。`,
      );
      if (item) {
        setBusy(false);
        onSaved?.(saved);
      } else router.push(`/owner/news/${saved.id}`);
    } catch (err) {
      const { message, fields: f } = formErrorsOf(err);
      setFields(f);
      setFormError(message);
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!item) return;
    await call(`/api/owner/news/${item.id}`, { method: "DELETE" });
    void refresh("/api/owner/news", "/api/owner/audit-log");
    toast.success("お知らせを削除しました。");
    router.push("/owner/news");
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={item ? "お知らせの編集" : "お知らせの作成"}
        className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm desktop:p-6"
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField label="タイトル" required error={fields.title} hint="200文字まで">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
        </FormField>
        <FormField
          label="本文"
          required
          error={fields.body}
          hint="10,000文字まで。改行はそのまま表示されます。"
        >
          <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={12} maxLength={10_000} />
        </FormField>
        <Choice
          legend="対象"
          name="audience"
          value={audience}
          options={AUDIENCES}
          onChange={setAudience}
          error={fields.audience}
          hint="「発注者」「OEMメーカー」を選ぶと、その側のマイページにだけ表示されます。"
        />
        <Choice
          legend="公開状態"
          name="status"
          value={status}
          options={STATUSES}
          onChange={setStatus}
          error={fields.status}
        />
        <FormField
          label="公開日時（日本時間）"
          error={fields.publishedAt}
          hint={
            status === "PUBLISHED"
              ? "空欄のときは保存した時点で公開されます。先の日時を指定すると、その日時から表示されます。"
              : "下書きのあいだは表示されません。公開にしたときに、この日時から表示されます。"
          }
        >
          <Input
            type="datetime-local"
            value={publishAt}
            onChange={(e) => setPublishAt(e.target.value)}
            className="w-64"
          />
        </FormField>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 desktop:flex-row desktop:items-center desktop:justify-between">
          {item ? (
            <Button
              variant="ghost"
              className="border border-red-300 text-red-700 hover:bg-red-50"
              onClick={() => setDeleting(true)}
            >
              <Trash2 aria-hidden className="size-4" />
              削除
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={busy} className="w-full desktop:w-auto desktop:min-w-48">
            {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {status === "DRAFT" ? "下書きを保存" : item?.status === "PUBLISHED" ? "保存する" : "公開する"}
          </Button>
        </div>
      </form>
      {item && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="このお知らせを削除しますか？"
          confirmLabel="削除する"
          description={
            <p>
              「{item.title}
              」を削除します。マイページからも消え、元に戻せません。削除の記録は操作履歴に残ります。
            </p>
          }
          onConfirm={remove}
        />
      )}
    </>
  );
}

export function NewsCreate() {
  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/news">お知らせの一覧へ</BackLink>
      <PageHeader title="お知らせを作成" />
      <NewsForm />
    </div>
  );
}

export function NewsEdit({ newsId }: { newsId: string }) {
  const { data, error, mutate } = useOwnerApi<OwnerNewsItem>(`/api/owner/news/${newsId}`, {
    revalidateOnFocus: false,
  });
  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/owner/news">お知らせの一覧へ</BackLink>
      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={2} />
      ) : (
        <>
          <PageHeader
            title="お知らせを編集"
            lead={
              <span className="flex flex-wrap items-center gap-2">
                <NewsState item={data} />
                <span>
                  対象：{LABELS.audience[data.audience]}・作成 {formatDateTime(data.createdAt)}・更新{" "}
                  {formatDateTime(data.updatedAt)}
                </span>
              </span>
            }
          />
          <NewsForm
            key={data.updatedAt}
            item={data}
            onSaved={(saved) => void mutate(saved, { revalidate: false })}
          />
          <AuditTrail targetType="news" targetId={data.id} />
        </>
      )}
    </div>
  );
}
