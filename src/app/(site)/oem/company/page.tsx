import { redirect } from "next/navigation";

// The spec lists /oem/company for the public company pages; each lives at /oem/company/{id},
// so the bare path leads to the search, where the companies are listed.
export default function CompanyIndexPage(): never {
  redirect("/oem/search");
}
