import { z } from "zod";
import { capabilityItem, certificationType } from "./master-data.schema";

// The operator's additions to the capability lists (console 「加工・素材・認証」, issue 20): a name,
// and for certifications and licences their kind. The slug is generated.

export const MAX_CAPABILITY_NAME = 50;

const name = z
  .string({ error: "名前を入力してください" })
  .trim()
  .min(1, "名前を入力してください")
  .max(MAX_CAPABILITY_NAME, `名前は${MAX_CAPABILITY_NAME}文字以内で入力してください`);

export const CERTIFICATION_KIND_LABELS = { CERTIFICATION: "認証", LICENSE: "許可・登録" } as const;

export const addCapabilityInput = z.object({ name });
export type AddCapabilityInput = z.infer<typeof addCapabilityInput>;

export const addCertificationTypeInput = z.object({
  name,
  kind: z.enum(["CERTIFICATION", "LICENSE"], {
    error: "種類は CERTIFICATION（認証）か LICENSE（許可・登録）で指定してください",
  }),
});
export type AddCertificationTypeInput = z.infer<typeof addCertificationTypeInput>;

export const addedCapability = capabilityItem;
export const addedCertificationType = certificationType;
