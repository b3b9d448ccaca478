import type { Metadata } from "next";
import { Suspense } from "react";
import { NewsList } from "@/modules/news/ui/console/news";

export const metadata: Metadata = { title: "お知らせ" };

export default function OwnerNewsPage() {
  return (
    <Suspense>
      <NewsList />
    </Suspense>
  );
}
