import { Activity, Children, type ReactNode } from "react";

/**
 * Hydrates its children apart from the rest of the page, later and in interruptible slices.
 * React leaves a server-rendered Activity boundary dehydrated during the page's first hydration
 * and hydrates it afterwards at a low priority, with its own commit; so a long public page loads
 * as several short tasks instead of one long hydration and commit (Lighthouse's total blocking
 * time, and a phone that answers taps sooner). A click inside before then is replayed by React.
 *
 * Not Suspense: a Suspense boundary whose content arrives a moment late from the server
 * components' stream is sent as an empty fallback first and swapped in by script (a layout shift,
 * and content that waits for JavaScript); an Activity boundary has no fallback, so the server
 * waits for its content and the HTML arrives whole.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}

/** Each child hydrates apart from the others (a page of sections: one short task each). */
export function HydrateEachApart({ children }: { children: ReactNode }) {
  return Children.map(children, (child) => <Activity mode="visible">{child}</Activity>);
}
