import type { DbOrTx } from "@/server/db/client";
import { latestHeadlines } from "./news-headlines.repository";

// Headlines for the my-page tops: the newest published news a buyer or a supplier may read.

export interface NewsHeadline {
  id: string;
  title: string;
  publishedAt: Date | null;
}

export function latestNewsFor(
  db: DbOrTx,
  audience: "BUYER" | "SUPPLIER",
  limit: number,
  now: Date,
): Promise<NewsHeadline[]> {
  return latestHeadlines(db, audience, limit, now);
}
