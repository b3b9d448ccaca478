import { redirect } from "next/navigation";
import type { SearchParams } from "@/lib/form-helpers";

// The spec lists /account/oem/cancel beside /account/oem/subscribe; the page lives at /account/oem/subscribe/cancel.
export default async function CancelAliasPage({ searchParams }: { searchParams: SearchParams }) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) {
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) query.append(k, one);
  }
  const q = query.toString();
  redirect(q ? `/account/oem/subscribe/cancel?${q}` : "/account/oem/subscribe/cancel");
}
