"use client";

import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { swrConfig } from "@/lib/api/client";
import { SessionProvider } from "@/lib/session/session-provider";
import { LazyToaster } from "@/lib/toast";

// The session is read in the browser (the server tells only that a visitor without a session
// cookie is signed out); account layouts also check it on the server to redirect before rendering.
export function Providers({ session, children }: { session: null | undefined; children: ReactNode }) {
  return (
    <SessionProvider initial={session}>
      <SWRConfig value={swrConfig}>
        {children}
        <LazyToaster position="top-center" richColors closeButton />
      </SWRConfig>
    </SessionProvider>
  );
}
