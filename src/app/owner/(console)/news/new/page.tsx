import type { Metadata } from "next";
import { NewsCreate } from "@/modules/news/ui/console/news";

export const metadata: Metadata = { title: "お知らせの作成" };

export default function OwnerNewsCreatePage() {
  return <NewsCreate />;
}
