"use client";

// /account/oem/case (事例管理): GET …/case with pagination and the 公開中/下書き filter,
// delete with a confirmation.
import { FileText, ImageOff, Pencil, Plus, Trash2 } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import Link from "@/components/ui/link";
import { LoadError, LoadingBlock } from "@/components/ui/load-state";
import { PageHeader } from "@/components/ui/page-parts";
import { Pager } from "@/components/ui/pager";
import { apiFetch } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/japanese-date";
import { toast } from "@/lib/toast";
import type { CaseStudy } from "@/modules/cases/case.schema";

const PER_PAGE = 10;
type StatusFilter = "ALL" | "PUBLISHED" | "DRAFT";
const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "ALL", label: "すべて" },
  { value: "PUBLISHED", label: "公開中" },
  { value: "DRAFT", label: "下書き" },
];

interface CasePage {
  items: CaseStudy[];
  page: number;
  perPage: number;
  total: number;
}

export function CaseList({ companyId }: { companyId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const status: StatusFilter =
    params.get("status") === "PUBLISHED" || params.get("status") === "DRAFT"
      ? (params.get("status") as StatusFilter)
      : "ALL";
  const page = Math.max(1, Number(params.get("page")) || 1);

  const query = new URLSearchParams({ page: String(page), perPage: String(PER_PAGE) });
  if (status !== "ALL") query.set("status", status);
  const key = `/api/oem/company/${companyId}/case?${query}`;
  const { data, error, mutate, isLoading } = useSWR<CasePage>(key, { keepPreviousData: true });
  const [deleting, setDeleting] = useState<CaseStudy>();

  const go = (next: { status?: StatusFilter; page?: number }) => {
    const q = new URLSearchParams();
    const s = next.status ?? status;
    const p = next.page ?? 1;
    if (s !== "ALL") q.set("status", s);
    if (p > 1) q.set("page", String(p));
    const qs = q.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };

  const remove = async (target: CaseStudy) => {
    await apiFetch(`/api/oem/company/${companyId}/case/${target.id}`, { method: "DELETE" });
    toast.success(`「${target.title}」を削除しました。`);
    // The last item of a page gone: show the page before it.
    if (data && data.items.length === 1 && page > 1) go({ page: page - 1 });
    else await mutate();
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="事例管理"
        lead="これまでの製造実績を紹介しましょう。公開中の事例は、公開ページと検索結果に表示されます。"
        actions={
          <Button asChild>
            <Link href="/account/oem/case/create">
              <Plus aria-hidden className="size-4" />
              事例を登録する
            </Link>
          </Button>
        }
      />

      <div role="tablist" aria-label="公開状態で絞り込む" className="flex gap-1 border-b border-slate-200">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={status === f.value}
            onClick={() => go({ status: f.value })}
            className={cn(
              "-mb-px border-b-2 px-4 py-2.5 text-sm font-bold transition-colors",
              status === f.value
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {f.label}
          </button>
        ))}
      </div>

      {error ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingBlock rows={3} />
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-12 text-center">
          <FileText aria-hidden className="size-10 text-slate-400" />
          <p className="text-sm leading-7 text-slate-600">
            {status === "ALL"
              ? "まだ事例が登録されていません。製造実績を登録すると、発注者に得意分野が伝わりやすくなります。"
              : status === "PUBLISHED"
                ? "公開中の事例はありません。"
                : "下書きの事例はありません。"}
          </p>
          {status === "ALL" && (
            <Button asChild>
              <Link href="/account/oem/case/create">
                <Plus aria-hidden className="size-4" />
                最初の事例を登録する
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {isLoading ? "読み込み中…" : `${data.total}件`}
          </p>
          <ul className={cn("flex flex-col gap-3", isLoading && "opacity-60")}>
            {data.items.map((c) => (
              <CaseRow key={c.id} item={c} onDelete={() => setDeleting(c)} />
            ))}
          </ul>
          <Pager page={page} perPage={PER_PAGE} total={data.total} onPage={(p) => go({ page: p })} />
        </>
      )}

      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="事例を削除しますか？"
        description={
          <>
            <p>
              「<span className="font-bold">{deleting?.title}</span>」を削除します。
            </p>
            <p className="mt-1">削除した事例は元に戻せません。公開ページからも表示されなくなります。</p>
          </>
        }
        confirmLabel="削除する"
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </div>
  );
}

function CaseRow({ item, onDelete }: { item: CaseStudy; onDelete: () => void }) {
  const cover = item.images[0];
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm desktop:gap-5 desktop:p-4">
      <div className="aspect-[4/3] w-24 shrink-0 self-start overflow-hidden rounded-md bg-slate-100 desktop:w-40">
        {cover ? (
          // biome-ignore lint/performance/noImgElement: uploaded images are served by the API
          <img src={cover.url} alt={cover.caption ?? ""} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            <ImageOff aria-hidden className="size-6" />
            <span className="sr-only">画像なし</span>
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          {item.status === "PUBLISHED" ? (
            <Badge tone="green">公開中</Badge>
          ) : (
            <Badge tone="slate">下書き</Badge>
          )}
          {item.categoryName && <Badge tone="brand">{item.categoryName}</Badge>}
        </div>
        <h2 className="line-clamp-2 font-bold leading-6 text-slate-900">{item.title}</h2>
        <p className="hidden text-sm leading-6 text-slate-600 desktop:line-clamp-2">{item.body}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {item.clientIndustry && (
            <div className="flex gap-1">
              <dt>依頼元:</dt>
              <dd>{item.clientIndustry}</dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt>更新日:</dt>
            <dd>{formatDate(item.updatedAt)}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button asChild variant="outline" size="sm">
            <Link href={`/account/oem/case/edit?id=${item.id}`} aria-label={`「${item.title}」を編集`}>
              <Pencil aria-hidden className="size-4" />
              編集
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            className="border border-slate-300 text-red-700 hover:bg-red-50"
            aria-label={`「${item.title}」を削除`}
          >
            <Trash2 aria-hidden className="size-4" />
            削除
          </Button>
        </div>
      </div>
    </li>
  );
}
