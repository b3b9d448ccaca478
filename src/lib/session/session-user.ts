// The session user of spec §3 / PRODUCT.md "API contract", as the browser's session holds it.
// identity.schema.ts validates it with zod and checks at compile time that both shapes agree.

export interface SessionCompany {
  id: string;
  name: string;
  type: "BUYER" | "SUPPLIER";
  role: "ADMIN" | "GENERAL";
}

export interface SessionUser {
  user: { id: string; name: string; email: string; emailVerified: boolean };
  companyType: "BUYER" | "SUPPLIER" | null;
  companyUserProfile: { name: string; role: "ADMIN" | "GENERAL" } | null;
  companyDetails: {
    id: string;
    name: string;
    companyWebsite: string | null;
    ticketCount: number;
    paymentStatus: "OEM_FREE" | "OEM_PAID" | null;
  } | null;
  companies: SessionCompany[];
}
