"use client";

import { usePathname, useRouter } from "next/navigation";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { apiFetch, onUnauthorized, setApiToken } from "@/lib/api/client";
import type { SessionUser } from "@/modules/identity/identity.schema";
import { loginRouteFor, type UserType, userTypeOf } from "./user-type";

export type BrowserSession = SessionUser & { token: string; expires: string };
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

interface SessionContextValue {
  status: SessionStatus;
  data: BrowserSession | null;
  userType: UserType;
  /** Re-reads /api/auth/session (after a purchase, a plan change, a profile edit …). */
  update: () => Promise<BrowserSession | null>;
  signIn: (input: {
    email: string;
    password: string;
    accountType?: "BUYER" | "SUPPLIER";
    callbackUrl?: string;
  }) => Promise<string>;
  signOut: (callbackUrl?: string) => Promise<void>;
  switchCompany: (companyId: string) => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);
const CHANNEL = "oem-session";
/** The account-switch marker: another tab writing it makes this one reload (spec §4). */
export const ACCOUNT_SWITCH_KEY = "oem-account-switch";

async function readSession(): Promise<BrowserSession | null> {
  const data = await apiFetch<BrowserSession | Record<string, never>>("/api/auth/session");
  return data && "token" in data ? (data as BrowserSession) : null;
}

async function csrfToken(): Promise<string> {
  return (await apiFetch<{ csrfToken: string }>("/api/auth/csrf")).csrfToken;
}

export function SessionProvider({
  initial,
  refetchInterval,
  refetchOnWindowFocus = true,
  children,
}: {
  /** The session read on the server for this request; undefined while unknown. */
  initial?: BrowserSession | null;
  /** Optional polling, in seconds. */
  refetchInterval?: number;
  refetchOnWindowFocus?: boolean;
  children: ReactNode;
}) {
  const [data, setData] = useState<BrowserSession | null>(initial ?? null);
  const [status, setStatus] = useState<SessionStatus>(
    initial === undefined ? "loading" : initial ? "authenticated" : "unauthenticated",
  );
  const router = useRouter();
  const pathname = usePathname();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const intentionalSignOut = useRef(false);
  const wasAuthenticated = useRef(Boolean(initial));
  const channel = useRef<BroadcastChannel | null>(null);

  setApiToken(data?.token);

  const apply = useCallback(
    (next: BrowserSession | null) => {
      setApiToken(next?.token);
      setData(next);
      setStatus(next ? "authenticated" : "unauthenticated");
      if (next) {
        wasAuthenticated.current = true;
        return;
      }
      // Lost the session on a protected page: back to its login route with the notice.
      const login = loginRouteFor(pathRef.current ?? "/");
      if (wasAuthenticated.current && !intentionalSignOut.current && login) {
        const redirect = encodeURIComponent(pathRef.current ?? "/");
        router.replace(`${login}?redirect=${redirect}&reason=session-expired`);
      }
      wasAuthenticated.current = false;
    },
    [router],
  );

  const update = useCallback(async () => {
    try {
      const next = await readSession();
      apply(next);
      return next;
    } catch {
      // Offline or server down: keep what we have; the next focus or poll retries.
      return data;
    }
  }, [apply, data]);

  const broadcast = useCallback(() => channel.current?.postMessage({ type: "session" }), []);

  // Subscriptions live for the provider's lifetime and call the latest update through a ref.
  const updateRef = useRef(update);
  updateRef.current = update;
  const initiallyUnknown = useRef(initial === undefined);

  useEffect(() => {
    if (initiallyUnknown.current) void updateRef.current();
    if (typeof BroadcastChannel !== "undefined") {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = () => void updateRef.current();
    }
    const onStorage = (e: StorageEvent) => {
      if (e.key === ACCOUNT_SWITCH_KEY) window.location.reload();
    };
    window.addEventListener("storage", onStorage);
    const offUnauthorized = onUnauthorized(() => void updateRef.current());
    return () => {
      channel.current?.close();
      window.removeEventListener("storage", onStorage);
      offUnauthorized();
    };
  }, []);

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisible = () => document.visibilityState === "visible" && void update();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refetchOnWindowFocus, update]);

  useEffect(() => {
    if (!refetchInterval) return;
    const id = setInterval(() => void update(), refetchInterval * 1000);
    return () => clearInterval(id);
  }, [refetchInterval, update]);

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      data,
      userType: userTypeOf(data),
      update,
      async signIn(input) {
        const res = await apiFetch<{ ok: true; url: string }>("/api/auth/signin", {
          method: "POST",
          body: { ...input, csrfToken: await csrfToken() },
        });
        intentionalSignOut.current = false;
        apply(await readSession());
        broadcast();
        return res.url;
      },
      async signOut(callbackUrl = "/") {
        intentionalSignOut.current = true;
        const res = await apiFetch<{ ok: true; url: string }>("/api/auth/signout", {
          method: "POST",
          body: { csrfToken: await csrfToken(), callbackUrl },
        });
        apply(null);
        broadcast();
        router.push(res.url);
        router.refresh();
      },
      async switchCompany(companyId) {
        await apiFetch("/api/account/active-company", { method: "PUT", body: { companyId } });
        localStorage.setItem(ACCOUNT_SWITCH_KEY, `${companyId}:${Date.now()}`);
        const next = await readSession();
        apply(next);
        router.push(next?.companyType === "SUPPLIER" ? "/account/oem" : "/account/buyer");
        router.refresh();
      },
    }),
    [status, data, update, apply, broadcast, router],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession must be used inside <SessionProvider>");
  return ctx;
}
