// The latest news as a plain list (the top page and /lp): server-rendered, no client script.
const newsDate = new Intl.DateTimeFormat("ja-JP", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "Asia/Tokyo",
});

export interface NewsDigestItem {
  id: string | number;
  title: string;
  body: string;
  publishedAt: string;
}

export function NewsDigest({ news, className = "mt-4" }: { news: NewsDigestItem[]; className?: string }) {
  return (
    <ul className={`${className} divide-y divide-slate-200 border-y border-slate-200`}>
      {news.map((n) => (
        <li key={n.id} className="flex flex-col gap-1 py-4 desktop:flex-row desktop:gap-6">
          <time dateTime={n.publishedAt} className="shrink-0 text-sm text-slate-600 desktop:w-40">
            {newsDate.format(new Date(n.publishedAt))}
          </time>
          <div className="min-w-0">
            <h3 className="font-bold text-slate-900">{n.title}</h3>
            <p className="mt-1 line-clamp-2 text-sm leading-6 text-slate-700">{n.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
