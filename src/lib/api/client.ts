// The one fetcher of the web pages: attaches the session's bearer token and turns error
// bodies into ApiError (status for the error screen, fields for forms).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

let bearerToken: string | undefined;
const unauthorizedListeners = new Set<() => void>();

/** The SessionProvider keeps this in step with the signed-in session. */
export function setApiToken(token: string | undefined): void {
  bearerToken = token;
}

/** Called when an authenticated call answers 401: the session ended (expired or revoked). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Upload progress (0–1) for FormData bodies; uses XMLHttpRequest. */
  onProgress?: (ratio: number) => void;
  /**
   * Another realm's token instead of the session's (the owner console's admin_token). A 401
   * then does not end the buyer or supplier session of the same browser.
   */
  token?: string;
  /** Sent as Idempotency-Key (purchases, plan applications, inquiries): see submission-key.ts. */
  idempotencyKey?: string;
}

export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = opts.token ?? bearerToken;
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
  const sessionCall = opts.token === undefined && Boolean(bearerToken);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  if (opts.onProgress && body instanceof FormData) {
    return xhrUpload<T>(path, opts.method ?? "POST", headers, body, opts.onProgress, sessionCall);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? "GET",
      headers,
      body,
      signal: opts.signal,
      credentials: "same-origin",
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(
      0,
      "NETWORK",
      "通信に失敗しました。インターネット接続を確認して、もう一度お試しください。",
    );
  }
  return parse<T>(res.status, await res.text(), sessionCall);
}

/** Fetches a file (a CSV export) with the token and hands it to the browser as a download. */
export async function apiDownload(
  path: string,
  opts: { token?: string; fallbackName: string },
): Promise<void> {
  const token = opts.token ?? bearerToken;
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(
      0,
      "NETWORK",
      "通信に失敗しました。インターネット接続を確認して、もう一度お試しください。",
    );
  }
  if (!res.ok) parse(res.status, await res.text(), opts.token === undefined && Boolean(bearerToken));
  const disposition = res.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (plain ?? opts.fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `sessionCall`: a 401 ends the browser's buyer/supplier session (not for the console's token). */
function parse<T>(status: number, text: string, sessionCall: boolean): T {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (status >= 200 && status < 300) return data as T;
  if (status === 401 && sessionCall) for (const l of unauthorizedListeners) l();
  const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
    ?.error;
  throw new ApiError(
    status,
    err?.code ?? "ERROR",
    err?.message ?? "サーバーで問題が発生しました。時間をおいてもう一度お試しください。",
    err?.fields,
  );
}

function xhrUpload<T>(
  path: string,
  method: string,
  headers: Record<string, string>,
  body: FormData,
  onProgress: (ratio: number) => void,
  sessionCall: boolean,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        resolve(parse<T>(xhr.status, xhr.responseText, sessionCall));
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          "NETWORK",
          "通信に失敗しました。インターネット接続を確認して、もう一度お試しください。",
        ),
      );
    xhr.send(body);
  });
}

/** SWR fetcher: the key is the API path. */
export const swrFetcher = <T>(path: string) => apiFetch<T>(path);

/** spec §9: retry 3 × 5000 ms, dedupe 2000 ms, no refetch on focus, refetch on reconnect. */
export const swrConfig = {
  fetcher: swrFetcher,
  errorRetryCount: 3,
  errorRetryInterval: 5000,
  dedupingInterval: 2000,
  revalidateOnFocus: false,
  revalidateOnReconnect: true,
  shouldRetryOnError: (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 0,
} as const;
