import { offsetOf, type Pagination } from "@/lib/pagination";
import { isUuid } from "@/lib/uuid";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/http/errors";
import * as repo from "./news.repository";
import type { NewsItem } from "./news.schema";

type Row = NonNullable<Awaited<ReturnType<typeof repo.findNews>>>;

function toDto(r: Row): NewsItem {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    audience: r.audience,
    publishedAt: r.publishedAt!.toISOString(),
  };
}

export async function listPublicNews(db: Db, q: Pagination) {
  const { rows, total } = await repo.listNews(db, "PUBLIC", q.perPage, offsetOf(q));
  return { items: rows.map(toDto), page: q.page, perPage: q.perPage, total };
}

export async function getPublicNews(db: Db, newsId: string) {
  const row = isUuid(newsId) ? await repo.findNews(db, "PUBLIC", newsId) : undefined;
  if (!row) throw notFound("お知らせが見つかりませんでした。");
  return toDto(row);
}

/** News for the members of a company: its audience follows the company's type. */
export async function listCompanyNews(scope: CompanyScope, db: Db, q: Pagination) {
  const { rows, total } = await repo.listNews(db, scope.companyType, q.perPage, offsetOf(q));
  return { items: rows.map(toDto), page: q.page, perPage: q.perPage, total };
}

export async function getCompanyNews(scope: CompanyScope, db: Db, newsId: string) {
  const row = isUuid(newsId) ? await repo.findNews(db, scope.companyType, newsId) : undefined;
  if (!row) throw notFound("お知らせが見つかりませんでした。");
  return toDto(row);
}
