"use client";

import { type ComponentType, type CSSProperties, useEffect, useState } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

// Toasts without sonner in every page's first load: the library (10 kB gzipped) loads when the
// browser is idle after the page, or at the first toast, whichever comes first. A toast waits
// until the Toaster is mounted, because sonner's Toaster shows only toasts made after it
// subscribed.

let sonner: Promise<typeof import("sonner")> | undefined;
const load = () => {
  sonner ??= import("sonner");
  return sonner;
};

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let wanted: (() => void) | undefined;
/** A toast asked for before the LazyToaster's effect ran (a child's effect runs first). */
let early = false;

async function show(kind: "success" | "error", message: string, data?: ExternalToast) {
  if (wanted) wanted();
  else early = true;
  const [{ toast }] = await Promise.all([load(), mounted]);
  toast[kind](message, data);
}

export const toast = {
  success: (message: string, data?: ExternalToast) => void show("success", message, data),
  error: (message: string, data?: ExternalToast) => void show("error", message, data),
};

/**
 * The light theme's colours of the toasts we show, over sonner's own: its success text (#008a2e on
 * #ecfdf3, 4.25:1) and error text fall short of WCAG AA's 4.5:1 (issue 33 item 23). Set on the
 * toaster element, where sonner reads its variables.
 */
export const TOASTER_COLORS = {
  "--success-bg": "#ecfdf5",
  "--success-border": "#a7f3d0",
  "--success-text": "#065f46",
  "--error-bg": "#fef2f2",
  "--error-border": "#fecaca",
  "--error-text": "#b91c1c",
} as const;

export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps>>();
  useEffect(() => {
    let done = false;
    const mount = () => {
      if (done) return;
      done = true;
      void load().then((m) => setToaster(() => m.Toaster));
    };
    wanted = mount;
    if (early) mount();
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(mount, { timeout: 4000 })
      : window.setTimeout(mount, 2000);
    return () => {
      wanted = undefined;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  // The Toaster's own effect (its subscription) has run when this one runs: children first.
  useEffect(() => {
    if (Toaster) markMounted();
  }, [Toaster]);
  return Toaster ? (
    <Toaster {...props} style={{ ...(TOASTER_COLORS as CSSProperties), ...props.style }} />
  ) : null;
}
