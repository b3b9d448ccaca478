import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import type { CsvColumn } from "@/lib/csv";
import { audited, type OwnerContext, recordAudit } from "@/modules/audit/audit.service";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import * as repo from "./news.repository";
import type { NewsInput, NewsQuery, NewsUpdateInput, OwnerNewsItem } from "./news-operator.schema";

// News written by the operator: a draft, or published to everyone, buyers or suppliers from a date.
// The news table is written only here, each change with its audit row.

const NEWS_NOT_FOUND = "お知らせが見つかりませんでした。";
const at = (s: string | null) => (s ? new Date(s) : null);
const AUDIENCE = { ALL: "全員", BUYER: "発注者", SUPPLIER: "OEMメーカー" } as const;
const NEWS_STATUS = { DRAFT: "下書き", PUBLISHED: "公開" } as const;

function newsItem(r: repo.NewsRow): OwnerNewsItem {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    audience: r.audience,
    status: r.status,
    publishedAt: iso(r.publishedAt),
    createdByOwnerId: r.createdByOwnerId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const NEWS_CSV: Array<CsvColumn<OwnerNewsItem>> = [
  { header: "お知らせID", value: (r) => r.id },
  { header: "タイトル", value: (r) => r.title },
  { header: "対象", value: (r) => AUDIENCE[r.audience] },
  { header: "公開状態", value: (r) => NEWS_STATUS[r.status] },
  { header: "公開日時", value: (r) => at(r.publishedAt) },
  { header: "本文", value: (r) => r.body },
  { header: "作成日時", value: (r) => at(r.createdAt) },
  { header: "更新日時", value: (r) => at(r.updatedAt) },
];

export async function listNews(db: Db, q: NewsQuery): Promise<Listing<OwnerNewsItem>> {
  const { rows, total } = await repo.listForOperator(db, q, pageOf(q));
  return listing(q, rows.map(newsItem), total, { name: "news", columns: NEWS_CSV });
}

export async function getNews(db: Db, id: string): Promise<OwnerNewsItem> {
  const row = await repo.newsRow(db, id);
  if (!row) throw notFound(NEWS_NOT_FOUND);
  return newsItem(row);
}

/** Published without a date means published now; a later date schedules it. */
function publishedAtOf(
  status: "DRAFT" | "PUBLISHED",
  given: string | null | undefined,
  current: Date | null,
) {
  if (given) return new Date(given);
  if (given === null) return status === "PUBLISHED" ? new Date() : null;
  return current ?? (status === "PUBLISHED" ? new Date() : null);
}

export async function createNews(db: Db, ctx: OwnerContext, input: NewsInput): Promise<OwnerNewsItem> {
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertNews(tx, {
      title: input.title,
      body: input.body,
      audience: input.audience,
      status: input.status,
      publishedAt: publishedAtOf(input.status, input.publishedAt, null),
      createdByOwnerId: ctx.ownerId,
    });
    await recordAudit(tx, ctx, {
      action: "news.create",
      targetType: "news",
      targetId: created.id,
      before: null,
      after: created,
    });
    return created;
  });
  return newsItem(row);
}

/** The news item, locked for the change; 404 when there is none. */
function lockedNews(id: string) {
  return async (tx: Parameters<typeof repo.newsRow>[0]) => {
    const row = await repo.newsRow(tx, id, true);
    if (!row) throw notFound(NEWS_NOT_FOUND);
    return row;
  };
}

export async function updateNews(
  db: Db,
  ctx: OwnerContext,
  id: string,
  input: NewsUpdateInput,
): Promise<OwnerNewsItem> {
  const row = await audited(
    db,
    ctx,
    "news.update",
    { type: "news", id, read: lockedNews(id) },
    (tx, before) => {
      const status = input.status ?? before.status;
      return repo.updateNews(tx, id, {
        title: input.title ?? before.title,
        body: input.body ?? before.body,
        audience: input.audience ?? before.audience,
        status,
        publishedAt: publishedAtOf(status, input.publishedAt, before.publishedAt),
      });
    },
  );
  return newsItem(row);
}

export async function deleteNews(db: Db, ctx: OwnerContext, id: string): Promise<{ ok: true; id: string }> {
  await db.transaction(async (tx) => {
    const before = await lockedNews(id)(tx);
    await repo.deleteNews(tx, id);
    await recordAudit(tx, ctx, {
      action: "news.delete",
      targetType: "news",
      targetId: id,
      before,
      after: null,
    });
  });
  return { ok: true, id };
}
