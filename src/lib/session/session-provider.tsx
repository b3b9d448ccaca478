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
import type { SessionUser } from "@/lib/session/session-user";
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
const LOGIN_PAGES = new Set(["/oem/login", "/buyer/login"]);
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
  /** The server saw a session cookie for this page (it left the session to the browser). */
  const cookieAtLoad = useRef(initial === undefined);
  const channel = useRef<BroadcastChannel | null>(null);

  setApiToken(data?.token);

  /**
   * The session was lost and the notice not yet reached: a navigation the user started at the
   * same moment (a click while the session check answered) can supersede the replace to the
   * login page; wherever that navigation lands, the notice is shown there.
   */
  const noticePending = useRef(false);

  /** Sends a protected page to its login route with the notice, or adds the notice to a login page. */
  const showNotice = useCallback(
    (here: string) => {
      const login = loginRouteFor(here);
      if (login) {
        noticePending.current = true;
        router.replace(`${login}?redirect=${encodeURIComponent(here)}&reason=session-expired`);
        return;
      }
      noticePending.current = false;
      if (LOGIN_PAGES.has(here)) {
        // The server already sent this navigation to the login page: add the notice there.
        const q = new URLSearchParams(window.location.search);
        if (q.get("reason") !== "session-expired") {
          q.set("reason", "session-expired");
          router.replace(`${here}?${q.toString()}`);
        }
      }
    },
    [router],
  );

  const apply = useCallback(
    (next: BrowserSession | null) => {
      setApiToken(next?.token);
      setData(next);
      setStatus(next ? "authenticated" : "unauthenticated");
      if (next) {
        wasAuthenticated.current = true;
        cookieAtLoad.current = false;
        noticePending.current = false;
        return;
      }
      // Lost the session on a protected page: back to its login route with the notice. A page
      // rendered for a session cookie that no longer works has lost it too (else it stays blank).
      const here = pathRef.current ?? "/";
      const lost = (wasAuthenticated.current || cookieAtLoad.current) && !intentionalSignOut.current;
      if (lost && (loginRouteFor(here) || wasAuthenticated.current)) showNotice(here);
      wasAuthenticated.current = false;
      cookieAtLoad.current = false;
    },
    [showNotice],
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

  // One session check per navigation while signed in: a session ended elsewhere shows the
  // notice and clears the header on the next click, not only on the next failing API call.
  const firstPath = useRef(true);
  useEffect(() => {
    void pathname;
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    if (wasAuthenticated.current) void updateRef.current();
    else if (noticePending.current) showNotice(pathname);
  }, [pathname, showNotice]);

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
