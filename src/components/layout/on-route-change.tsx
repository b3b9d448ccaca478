"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect } from "react";

function Listener({ onChange }: { onChange: () => void }) {
  const pathname = usePathname();
  const search = useSearchParams()?.toString() ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is what triggers the call
  useEffect(() => {
    onChange();
  }, [pathname, search, onChange]);
  return null;
}

/**
 * Calls onChange after every route change (path or query). In its own Suspense boundary:
 * reading the query string must not turn the surrounding static shell into client rendering.
 */
export function OnRouteChange({ onChange }: { onChange: () => void }) {
  return (
    <Suspense fallback={null}>
      <Listener onChange={onChange} />
    </Suspense>
  );
}
