// People of the demo seed: the operator, the buyer companies with their members, and the
// invitation of the free supplier that ran out.
import { hashToken } from "@/server/auth/tokens";
import type * as t from "../schema";
import { DEMO_BUYERS, DEMO_OWNER } from "./demo-buyers.data";
import { type DemoContext, type Member, must, type Row } from "./demo-context";
import { DEMO_EXPIRED_INVITATION, DEMO_SUPPLIER_GENERAL } from "./demo-suppliers.data";

export function operatorRow({
  rng,
  clock,
  passwordHash,
}: DemoContext): Row<typeof t.owners> & { id: string } {
  return {
    id: rng.uuid(),
    email: DEMO_OWNER.email,
    name: DEMO_OWNER.name,
    passwordHash,
    createdAt: clock.at(450, 9),
  };
}

export interface DemoBuyers {
  buyerAdmin: Map<string, Member>;
  buyerGeneral: Map<string, Member>;
}

/** Buyer companies, each with an admin and maybe a general member (added to the context's rows). */
export function addBuyers(ctx: DemoContext): DemoBuyers {
  const { rng, clock, companies, addUser, addMembership } = ctx;
  const buyerAdmin = new Map<string, Member>();
  const buyerGeneral = new Map<string, Member>();
  DEMO_BUYERS.forEach((b, i) => {
    const companyId = rng.uuid();
    const createdAt = clock.at(200 - i * 20, 10, 15 + i * 7);
    companies.push({
      id: companyId,
      type: "BUYER",
      name: b.name,
      nameKana: b.nameKana,
      postalCode: b.postalCode,
      prefectureId: b.prefectureId,
      address: b.address,
      phone: b.phone,
      website: b.website,
      representativeName: b.representativeName,
      establishedYear: b.establishedYear,
      capitalYen: b.capitalYen,
      employeeCount: b.employeeCount,
      industry: b.industry,
      description: b.description,
      createdAt,
      updatedAt: createdAt,
    });
    const adminId = addUser(b.admin.name, b.admin.email, createdAt);
    addMembership(adminId, companyId, "ADMIN", b.admin, createdAt);
    buyerAdmin.set(b.key, { userId: adminId, companyId });
    if (b.general) {
      const joined = clock.at(190 - i * 20, 14);
      const generalId = addUser(b.general.name, b.general.email, joined);
      addMembership(generalId, companyId, "GENERAL", b.general, joined);
      buyerGeneral.set(b.key, { userId: generalId, companyId });
    }
  });
  return { buyerAdmin, buyerGeneral };
}

/** An invitation of the free supplier's admin that ran out. */
export function expiredInvitationRows(
  { rng, clock }: DemoContext,
  supplierAdmin: Map<string, Member>,
): Row<typeof t.invitations>[] {
  const inviter = must(supplierAdmin.get(DEMO_SUPPLIER_GENERAL.supplierKey), "free supplier");
  return [
    {
      id: rng.uuid(),
      companyId: inviter.companyId,
      email: DEMO_EXPIRED_INVITATION.email,
      name: DEMO_EXPIRED_INVITATION.name,
      role: "GENERAL",
      tokenHash: hashToken(DEMO_EXPIRED_INVITATION.token),
      status: "PENDING",
      invitedByUserId: inviter.userId,
      expiresAt: clock.at(5, 10),
      lastSentAt: clock.at(12, 10),
      createdAt: clock.at(12, 10),
    },
  ];
}
