import sharp from "sharp";
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
