import type { z } from "zod";
import type { member } from "@/modules/members/member.schema";

export type Role = z.infer<typeof member>["role"];

export const ROLE_LABEL: Record<Role, string> = { ADMIN: "管理者", GENERAL: "一般" };
export const ROLE_NOTE: Record<Role, string> = {
  ADMIN: "すべての操作（メンバー管理・企業名の公開設定・退会を含む）",
  GENERAL: "メンバー管理・企業名の公開設定・退会以外の操作",
};
