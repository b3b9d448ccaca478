import { eq } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { companies, memberships, planContracts, users } from "@/server/db/schema";
import { type Account, createOwner, markVerified, PASSWORD, registerAccount, uniqueEmail } from "./accounts";
import { api } from "./http";

/** The personas of the authorization matrix. */
export const ACTORS = [
  "anonymous",
  "buyerAdmin",
  "buyerGeneral",
  "otherBuyer",
  "freeSupplier",
  "paidSupplier",
  "otherSupplier",
  "owner",
] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Persona {
  token?: string;
  email?: string;
  userId?: string;
  companyId?: string;
}

export type Personas = Record<ActorName, Persona>;

/** Adds a GENERAL member to a company directly (invitations come with the members feature). */
export async function addGeneralMember(companyId: string): Promise<Account> {
  const email = uniqueEmail("general");
  const [user] = await db()
    .insert(users)
    .values({ email, name: "一般 次郎", passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await db().insert(memberships).values({ userId: user!.id, companyId, role: "GENERAL", name: "一般 次郎" });
  await changesSeen(db());
  const res = await api("POST", "/api/auth/login", { body: { email, password: PASSWORD } });
  return { token: res.body.token, email, userId: user!.id, companyId };
}

/** Makes a supplier paid the way the product does: an active plan contract drives paymentStatus. */
export async function makePaid(companyId: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.insert(planContracts).values({
      companyId,
      status: "ACTIVE",
      monthlyFeeYen: 30000,
      startsOn: new Date().toISOString().slice(0, 10),
    });
    await tx.update(companies).set({ paymentStatus: "OEM_PAID" }).where(eq(companies.id, companyId));
  });
  await changesSeen(db()); // the plan ranks it first: the kept searches dropped (decision 0026)
}

export async function createPersonas(): Promise<Personas> {
  const buyerAdmin = await registerAccount("BUYER", { companyName: "株式会社発注テスト" });
  const buyerGeneral = await addGeneralMember(buyerAdmin.companyId);
  const otherBuyer = await registerAccount("BUYER", { companyName: "他社発注株式会社" });
  const freeSupplier = await registerAccount("SUPPLIER", { companyName: "無料精工株式会社" });
  const paidSupplier = await registerAccount("SUPPLIER", { companyName: "有料化粧品株式会社" });
  await makePaid(paidSupplier.companyId);
  const otherSupplier = await registerAccount("SUPPLIER", { companyName: "他社工業株式会社" });
  const owner = await createOwner();
  for (const a of [buyerAdmin, buyerGeneral, otherBuyer, freeSupplier, paidSupplier, otherSupplier])
    await markVerified(a.userId);
  return {
    anonymous: {},
    buyerAdmin,
    buyerGeneral,
    otherBuyer,
    freeSupplier,
    paidSupplier,
    otherSupplier,
    owner: { token: owner.token, email: owner.email, userId: owner.id },
  };
}
