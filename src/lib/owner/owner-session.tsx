"use client";

// The owner console's own sign-in: the operator token lives in localStorage under
// `admin_token` (spec §3), apart from the buyer/supplier session of the same browser, and is
// sent only on the console's calls. A 401 on a console call ends the console session only.
import { usePathname, useRouter } from "next/navigation";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import useSWR, { type SWRConfiguration } from "swr";
import { ApiError, type ApiOptions, apiDownload, apiFetch } from "@/lib/api/client";

export const ADMIN_TOKEN_KEY = "admin_token";

export interface Operator {
  id: string;
  name: string;
  email: string;
}

interface OwnerSessionValue {
  status: "loading" | "signed-in" | "signed-out";
  operator: Operator | null;
  token: string | null;
  /** A console call with the operator token. */
  call: <T>(path: string, opts?: Omit<ApiOptions, "token">) => Promise<T>;
  /** Downloads a CSV export with the operator token. */
  download: (path: string, fallbackName: string) => Promise<void>;
  signIn: (token: string, operator: Operator) => void;
  signOut: () => Promise<void>;
  /** Set while signing out on purpose: the guard then leaves the navigation to the caller. */
  leaving: boolean;
}

const OwnerSessionContext = createContext<OwnerSessionValue | null>(null);

export function readAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeAdminToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
    else window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Private mode without storage: the console then lasts for this page only.
  }
}

export function OwnerSessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(null);
  const [operator, setOperator] = useState<Operator | null>(null);
  const [status, setStatus] = useState<OwnerSessionValue["status"]>("loading");
  const [leaving, setLeaving] = useState(false);

  const end = useCallback(() => {
    writeAdminToken(null);
    setToken(null);
    setOperator(null);
    setStatus("signed-out");
  }, []);

  useEffect(() => {
    const stored = readAdminToken();
    if (!stored) {
      setStatus("signed-out");
      return;
    }
    let live = true;
    apiFetch<{ owner: Operator }>("/api/account/owner-me", { token: stored })
      .then(({ owner }) => {
        if (!live) return;
        setToken(stored);
        setOperator(owner);
        setStatus("signed-in");
      })
      .catch((e) => {
        if (!live) return;
        // A network failure keeps the token for the next try; a refused token is dropped.
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) end();
        else setStatus("signed-out");
      });
    return () => {
      live = false;
    };
  }, [end]);

  // Another tab signing in or out of the console.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === ADMIN_TOKEN_KEY && e.newValue !== token) window.location.reload();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [token]);

  const call = useCallback(
    async <T,>(path: string, opts: Omit<ApiOptions, "token"> = {}): Promise<T> => {
      try {
        return await apiFetch<T>(path, { ...opts, token: token ?? "" });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) end();
        throw e;
      }
    },
    [token, end],
  );

  const download = useCallback(
    async (path: string, fallbackName: string) => {
      try {
        await apiDownload(path, { token: token ?? "", fallbackName });
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) end();
        throw e;
      }
    },
    [token, end],
  );

  const signIn = useCallback((next: string, who: Operator) => {
    writeAdminToken(next);
    setLeaving(false);
    setToken(next);
    setOperator(who);
    setStatus("signed-in");
  }, []);

  const signOut = useCallback(async () => {
    setLeaving(true);
    if (token) await apiFetch("/api/auth/logout", { method: "POST", token }).catch(() => undefined);
    end();
  }, [token, end]);

  const value = useMemo(
    () => ({ status, operator, token, call, download, signIn, signOut, leaving }),
    [status, operator, token, call, download, signIn, signOut, leaving],
  );
  return <OwnerSessionContext.Provider value={value}>{children}</OwnerSessionContext.Provider>;
}

export function useOwnerSession(): OwnerSessionValue {
  const value = useContext(OwnerSessionContext);
  if (!value) throw new Error("useOwnerSession is used outside OwnerSessionProvider");
  return value;
}

/** SWR over a console GET; `null` path waits (e.g. until an id is known). */
export function useOwnerApi<T>(path: string | null, config?: SWRConfiguration<T>) {
  const { call, token } = useOwnerSession();
  return useSWR<T>(path && token ? ["owner", path] : null, ([, p]: [string, string]) => call<T>(p), config);
}

/** Sends a signed-out operator to the console's login page, back here afterwards. */
export function useRequireOperator() {
  const { status, leaving } = useOwnerSession();
  const router = useRouter();
  const pathname = usePathname() ?? "/owner";
  useEffect(() => {
    if (status === "signed-out" && !leaving) {
      router.replace(`/owner/login?redirectTo=${encodeURIComponent(pathname)}`);
    }
  }, [status, leaving, router, pathname]);
  return status;
}
