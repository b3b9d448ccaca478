import type { Metadata } from "next";
import { NewsCreate } from "@/modules/owner/ui/news";

export const metadata: Metadata = { title: "お知らせの作成" };

export default function OwnerNewsCreatePage() {
  return <NewsCreate />;
}
