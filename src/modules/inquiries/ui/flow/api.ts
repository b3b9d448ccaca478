"use client";

import { ApiError, apiFetch } from "@/lib/api/client";
import type { SuggestedSupplier } from "@/modules/matching/suggestion.schema";

const NETWORK = "通信に失敗しました。インターネット接続を確認して、もう一度お試しください。";

/**
 * POST /api/contact/dry-run/create. A signed-in buyer is checked with the session (the
 * attachments must be the company's); anyone else is checked as a visitor, without the
 * session cookie (a supplier's session would make it a buyer-only call).
 */
export async function dryRunInquiry(body: Record<string, unknown>, asBuyer: boolean): Promise<void> {
  if (asBuyer) {
    await apiFetch("/api/contact/dry-run/create", { method: "POST", body });
    return;
  }
  await postAsVisitor("/api/contact/dry-run/create", body);
}

/**
 * POST /api/contact/suggestions: the public suppliers that fit the draft's requirements, best
 * first (at most 20). Public, and the same for anyone: sent without the session cookie.
 */
export async function suggestSuppliers(body: Record<string, unknown>): Promise<SuggestedSupplier[]> {
  const data = (await postAsVisitor("/api/contact/suggestions", body)) as { items: SuggestedSupplier[] };
  return data.items;
}

/** A public POST without the session cookie; the answer's JSON, or an ApiError. */
async function postAsVisitor(path: string, body: Record<string, unknown>): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "omit",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", NETWORK);
  }
  const data = (await res.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; fields?: Record<string, string> } }
    | undefined;
  if (res.ok) return data;
  throw new ApiError(
    res.status,
    data?.error?.code ?? "ERROR",
    data?.error?.message ?? "サーバーで問題が発生しました。時間をおいてもう一度お試しください。",
    data?.error?.fields,
  );
}

export interface CreatedInquiry {
  id: string;
  status: string;
  type: "BULK" | "NOMINATION";
}

/** POST /api/contact/create with the submission's Idempotency-Key: a double click sends one inquiry. */
export function createInquiry(
  body: Record<string, unknown>,
  idempotencyKey: string,
): Promise<CreatedInquiry> {
  return apiFetch<CreatedInquiry>("/api/contact/create", { method: "POST", body, idempotencyKey });
}

/** The field an API error key belongs to: "prefectureIds.0" → "prefectureIds". */
export function fieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split(".")[0] ?? key;
    out[field] ??= message;
  }
  return out;
}
