import * as L from "@/lib/owner/console-labels";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import { type OwnerContext, recordAudit } from "./audit";
import type { CsvColumn } from "./csv";
import { iso, type Listing, listing, pageOf } from "./listing";
import * as repo from "./owner.repository";
import type { NewsInput, NewsQuery, NewsUpdateInput, OwnerNewsItem } from "./owner.schema";

// News written by the operator: a draft, or published to everyone, buyers or suppliers from a date.

const NEWS_NOT_FOUND = "お知らせが見つかりませんでした。";
const at = (s: string | null) => (s ? new Date(s) : null);

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
  { header: "対象", value: (r) => L.AUDIENCE[r.audience] },
  { header: "公開状態", value: (r) => L.NEWS_STATUS[r.status] },
  { header: "公開日時", value: (r) => at(r.publishedAt) },
  { header: "本文", value: (r) => r.body },
  { header: "作成日時", value: (r) => at(r.createdAt) },
  { header: "更新日時", value: (r) => at(r.updatedAt) },
];

export async function listNews(db: Db, q: NewsQuery): Promise<Listing<OwnerNewsItem>> {
  const { rows, total } = await repo.listNews(db, q, pageOf(q));
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

export async function updateNews(
  db: Db,
  ctx: OwnerContext,
  id: string,
  input: NewsUpdateInput,
): Promise<OwnerNewsItem> {
  const row = await db.transaction(async (tx) => {
    const before = await repo.newsRow(tx, id, true);
    if (!before) throw notFound(NEWS_NOT_FOUND);
    const status = input.status ?? before.status;
    const after = await repo.updateNews(tx, id, {
      title: input.title ?? before.title,
      body: input.body ?? before.body,
      audience: input.audience ?? before.audience,
      status,
      publishedAt: publishedAtOf(status, input.publishedAt, before.publishedAt),
    });
    await recordAudit(tx, ctx, { action: "news.update", targetType: "news", targetId: id, before, after });
    return after;
  });
  return newsItem(row);
}

export async function deleteNews(db: Db, ctx: OwnerContext, id: string): Promise<{ ok: true; id: string }> {
  await db.transaction(async (tx) => {
    const before = await repo.newsRow(tx, id, true);
    if (!before) throw notFound(NEWS_NOT_FOUND);
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
