import type { SessionUser } from "@/lib/session/session-user";

/** spec §4: noLogin, client (not SUPPLIER), oem_free (supplier not OEM_PAID), oem_paid. */
export type UserType = "noLogin" | "client" | "oem_free" | "oem_paid";

export function userTypeOf(
  session: Pick<SessionUser, "companyType" | "companyDetails"> | null | undefined,
): UserType {
  if (!session) return "noLogin";
  if (session.companyType !== "SUPPLIER") return "client";
  return session.companyDetails?.paymentStatus === "OEM_PAID" ? "oem_paid" : "oem_free";
}

export const BUYER_AREA = "/account/buyer";
export const SUPPLIER_AREA = "/account/oem";
export const SESSION_EXPIRED_MESSAGE =
  "一定時間操作がなかったため、ログアウトしました。再度ログインしてください";

/** The login route of a protected path, or undefined when the path is not protected. */
export function loginRouteFor(pathname: string): string | undefined {
  if (pathname === SUPPLIER_AREA || pathname.startsWith(`${SUPPLIER_AREA}/`)) return "/oem/login";
  if (pathname === BUYER_AREA || pathname.startsWith(`${BUYER_AREA}/`)) return "/buyer/login";
  return undefined;
}
