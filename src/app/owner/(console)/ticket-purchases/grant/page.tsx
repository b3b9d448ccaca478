import type { Metadata } from "next";
import { Suspense } from "react";
import { GrantForm } from "./grant-form";

export const metadata: Metadata = { title: "チケットの付与" };

export default function OwnerGrantTicketsPage() {
  return (
    <Suspense>
      <GrantForm />
    </Suspense>
  );
}
