import { sql } from "drizzle-orm";
import sharp from "sharp";
import { db } from "@/server/db/client";
import { api } from "./http";

let png: Buffer | undefined;

/** Uploads a small real PNG for a company and returns the image id. */
export async function uploadPng(token: string, companyId: string, caption?: string): Promise<string> {
  png ??= await sharp({ create: { width: 16, height: 12, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  const res = await api("POST", `/api/image/company/${companyId}/base64/upload`, {
    token,
    body: { image: `data:image/png;base64,${png.toString("base64")}`, caption },
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/**
 * Clears the per-account image upload limits and the deal-room and certificate upload limits
 * (tests/api/image.test.ts and deal-upload-limits.test.ts test them): suites that upload hundreds
 * of files from one persona start each case with a fresh allowance.
 */
export async function resetUploadLimits() {
  await db().execute(
    sql`delete from rate_limits where key like 'image-upload%' or key like 'deal-upload%' or key like 'certificate-upload%'`,
  );
}
