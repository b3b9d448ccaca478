"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Folds the filters panel (a <details>) again once a search has run, so that on phones the
 * new results are not pushed below the open panel. Desktop shows the panel open by CSS.
 * Not when the page first hydrates: the server sent the panel closed, and a visitor who opened
 * it before the script ran keeps it open.
 */
export function CloseOnSearch({ detailsId }: { detailsId: string }) {
  const query = useSearchParams().toString();
  const shown = useRef(query);
  useEffect(() => {
    if (query === shown.current) return;
    shown.current = query;
    const el = document.getElementById(detailsId);
    if (el instanceof HTMLDetailsElement) el.open = false;
  }, [query, detailsId]);
  return null;
}
