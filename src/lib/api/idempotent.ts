// POSTs that spend or charge (ticket usage, ticket purchase) carry an Idempotency-Key, so a
// retry after a lost answer is never processed twice. apiFetch has no header option, so this
// sends the same request it would (bearer token of the session, JSON) plus the key.
import { ApiError } from "@/lib/api/client";

const NETWORK_MESSAGE = "通信に失敗しました。インターネット接続を確認して、もう一度お試しください。";

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
