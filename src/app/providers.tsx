"use client";

import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { swrConfig } from "@/lib/api/client";
import { SessionProvider } from "@/lib/session/session-provider";
import { LazyToaster } from "@/lib/toast";

// The session is read in the browser, so public pages stay cacheable; account layouts
// also check it on the server to redirect before rendering.
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <SWRConfig value={swrConfig}>
        {children}
        <LazyToaster position="top-center" richColors closeButton />
      </SWRConfig>
    </SessionProvider>
  );
}
