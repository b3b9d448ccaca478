// News of the demo seed and the suppliers' daily page views of the last 60 days.
import type * as t from "../schema";
import type { DemoContext, Member, Row } from "./demo-context";
import { must } from "./demo-context";
import { japaneseDate } from "./demo-helpers";
import { DEMO_NEWS } from "./demo-news.data";
import { DEMO_SUPPLIERS } from "./demo-suppliers.data";

export interface DemoNewsRows {
  news: Row<typeof t.news>[];
  pageViews: Row<typeof t.pageViews>[];
}

export function newsRows(
  { rng, clock }: DemoContext,
  ownerId: string,
  supplierAdmin: Map<string, Member>,
  supplierCreatedDaysAgo: Map<string, number>,
): DemoNewsRows {
  const news: Row<typeof t.news>[] = DEMO_NEWS.map((n, k) => {
    const publishedAt = n.publishedDaysAgo === undefined ? null : clock.at(n.publishedDaysAgo, 10, 0);
    const createdAt = publishedAt ? clock.after(publishedAt, -1) : clock.at(1, 17, 30 + k);
    const body =
      n.mentionInDays === undefined
        ? n.body
        : n.body.replace("{date}", japaneseDate(clock.date(n.mentionInDays)));
    return {
      id: rng.uuid(),
      title: n.title,
      body,
      audience: n.audience,
      status: publishedAt ? "PUBLISHED" : "DRAFT",
      publishedAt,
      createdByOwnerId: ownerId,
      createdAt,
      updatedAt: publishedAt ?? createdAt,
    };
  });

  const pageViews: Row<typeof t.pageViews>[] = [];
  for (const s of DEMO_SUPPLIERS) {
    const { companyId } = must(supplierAdmin.get(s.key), `supplier ${s.key}`);
    const base = s.plan === "PAID" ? rng.int(25, 60) : s.key === "lumiere" ? 30 : rng.int(4, 20);
    const days = Math.min(60, must(supplierCreatedDaysAgo.get(s.key), "created") - 1);
    for (let d = 0; d < days; d++) {
      const day = clock.date(-d);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 0.45 : 1;
      const trend = 0.8 + 0.4 * ((60 - d) / 60);
      const count = Math.max(0, Math.round(base * weekend * trend * (0.6 + rng.next() * 0.8)));
      pageViews.push({ companyId, day, count });
    }
  }

  return { news, pageViews };
}
