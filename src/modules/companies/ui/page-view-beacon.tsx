"use client";

// The supplier page's view beacon (decision 0045): a copy of the page a CDN answered never reaches
// the app, so the browser reports the view. The server counts one visitor per company, day, ip and
// browser whoever reports it (the page's render, a kept copy, this beacon): a view it saw already
// adds nothing. No body and no custom header: a CORS-simple POST the page's CSP (connect-src
// 'self') allows; the session cookie rides along, so the company's own members are left out.

import { useEffect } from "react";

/** The API operation the beacon calls (POST, 204). */
export const viewBeaconUrl = (companyId: string) => `/api/oem/view/${encodeURIComponent(companyId)}`;

// Once per page load: React's development double effects and a re-render send nothing more.
const sent = new Set<string>();

/** Sends the view of this supplier's page, once; failures are silent (a view is not worth an error). */
export function sendPageView(companyId: string): void {
  if (sent.has(companyId)) return;
  sent.add(companyId);
  const url = viewBeaconUrl(companyId);
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  } catch {
    // a browser that refuses the beacon: the fetch below
  }
  fetch(url, { method: "POST", keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}

/** Rendered by the supplier's public page (src/app/(site)/oem/company/[id]/page.tsx); shows nothing. */
export function PageViewBeacon({ companyId }: { companyId: string }) {
  useEffect(() => sendPageView(companyId), [companyId]);
  return null;
}

/** Tests only: forget what this page load sent. */
export function forgetSentPageViews(): void {
  sent.clear();
}
