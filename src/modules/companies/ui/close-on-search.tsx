"use client";

import { useSearchParams } from "next/navigation";
import { useEffect } from "react";

/**
 * Folds the filters panel (a <details>) again once a search has run, so that on phones the
 * new results are not pushed below the open panel. Desktop shows the panel open by CSS.
 */
export function CloseOnSearch({ detailsId }: { detailsId: string }) {
  const query = useSearchParams().toString();
  useEffect(() => {
    void query;
    const el = document.getElementById(detailsId);
    if (el instanceof HTMLDetailsElement) el.open = false;
  }, [query, detailsId]);
  return null;
}
