// POSTs that spend or charge (ticket usage, ticket purchase) carry an Idempotency-Key, so a
// retry after a lost answer is never processed twice. apiFetch has no header option, so this
// sends the same request it would (bearer token of the session, JSON) plus the key.
import { ApiError } from "@/lib/api/client";
import { safeRedirect } from "@/lib/safe-redirect";

const NETWORK_MESSAGE = "通信に失敗しました。インターネット接続を確認して、もう一度お試しください。";

export { newIdempotencyKey } from "@/lib/api/submission-key";

export async function postIdempotent<T>(
  path: string,
  body: unknown,
  key: string,
  token: string | undefined,
): Promise<T> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    "idempotency-key": key,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "NETWORK", NETWORK_MESSAGE);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (res.ok) return data as T;
  const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
    ?.error;
  throw new ApiError(
    res.status,
    err?.code ?? "ERROR",
    err?.message ?? "サーバーで問題が発生しました。時間をおいてもう一度お試しください。",
    err?.fields,
  );
}

/** Only same-site paths under the supplier area may be a way back (no //host, no backslashes). */
export function safeSupplierRedirect(value: string | string[] | null | undefined): string | undefined {
  const v = safeRedirect(value);
  if (!v || v.length > 300) return undefined;
  if (
    !v.startsWith("/account/oem/") ||
    v.includes("//") ||
    v.includes("\\") ||
    [...v].some((c) => c.charCodeAt(0) < 0x20)
  ) {
    return undefined;
  }
  if (
    v
      .split(/[?#]/)[0]!
      .split("/")
      .some((seg) => seg === ".." || seg === ".")
  )
    return undefined;
  return v;
}
