import type { Metadata } from "next";
import { Suspense } from "react";
import { EntriesList } from "@/modules/inquiries/ui/console/entries-list";

export const metadata: Metadata = { title: "エントリー" };

export default function OwnerEntriesPage() {
  return (
    <Suspense>
      <EntriesList />
    </Suspense>
  );
}
