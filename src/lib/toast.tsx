"use client";

import { type ComponentType, useEffect, useState } from "react";
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
  return Toaster ? <Toaster {...props} /> : null;
}
