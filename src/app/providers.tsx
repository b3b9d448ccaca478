"use client";

import { type ReactNode, useEffect } from "react";
import { SWRConfig } from "swr";
import { swrConfig } from "@/lib/api/client";
import { SessionProvider } from "@/lib/session/session-provider";
import { LazyToaster } from "@/lib/toast";

// The session is read in the browser (the server tells only that a visitor without a session
// cookie is signed out); account layouts also check it on the server to redirect before rendering.
export function Providers({ session, children }: { session: null | undefined; children: ReactNode }) {
  // <html data-hydrated> once the whole page has hydrated (this effect runs after its children's):
  // the end-to-end tests wait for it instead of for a quiet network.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <SessionProvider initial={session}>
      <SWRConfig value={swrConfig}>
        {children}
        <LazyToaster position="top-center" richColors closeButton />
      </SWRConfig>
    </SessionProvider>
  );
}
