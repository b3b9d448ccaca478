import { randomBytes } from "node:crypto";
import { type OperatorActor, recordAudit } from "@/modules/audit/audit.service";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import * as repo from "./master-data.repository";
import type { CertificationType } from "./master-data.schema";
import { forgetCapabilityLists } from "./master-data.service";
import type { AddCapabilityInput, AddCertificationTypeInput } from "./master-data-operator.schema";

// The operator extends the capability lists (processes, materials, certification types) from the
// console: a new row at the end of its list with a generated slug (op-…), audited in the same
// transaction, and this process's cached lists forgotten (other processes follow within a minute).

type Added = { id: number; slug: string; name: string };

const LISTS = {
  processes: { audit: "process", word: "加工" },
  materials: { audit: "material", word: "素材" },
  certificationTypes: { audit: "certification_type", word: "認証・許可" },
} as const satisfies Record<repo.CapabilityList, { audit: string; word: string }>;

/** Names that read the same: full- and half-width, case and spaces aside (「ISO　9001」 = 「iso9001」). */
export const sameName = (a: string, b: string) => {
  const key = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
  return key(a) === key(b);
};

const duplicate = (word: string) =>
  new AppError("CONFLICT", `同じ名前の${word}がすでに登録されています。`, {
    name: `同じ名前の${word}がすでに登録されています`,
  });

async function add(
  db: Db,
  actor: OperatorActor,
  list: repo.CapabilityList,
  v: { name: string; kind?: "CERTIFICATION" | "LICENSE" },
): Promise<Added & { kind?: "CERTIFICATION" | "LICENSE" }> {
  const { audit, word } = LISTS[list];
  const row = await db.transaction(async (tx) => {
    const names = await repo.selectCapabilityNames(tx, list);
    if (names.some((n) => sameName(n.name, v.name))) throw duplicate(word);
    const slug = `op-${randomBytes(5).toString("hex")}`;
    const added = await repo.insertCapabilityRow(tx, list, { slug, name: v.name, kind: v.kind });
    // Taken by a concurrent addition of the same name after the check above.
    if (!added) throw duplicate(word);
    await recordAudit(tx, actor, {
      action: `${audit}.create`,
      targetType: audit,
      targetId: String(added.id),
      before: null,
      after: added,
    });
    return added;
  });
  forgetCapabilityLists(db);
  return row;
}

/** POST /api/owner/master-data/processes; 409 when a process of that name exists. */
export async function addProcess(db: Db, actor: OperatorActor, input: AddCapabilityInput): Promise<Added> {
  const { id, slug, name } = await add(db, actor, "processes", input);
  return { id, slug, name };
}

/** POST /api/owner/master-data/materials; 409 when a material of that name exists. */
export async function addMaterial(db: Db, actor: OperatorActor, input: AddCapabilityInput): Promise<Added> {
  const { id, slug, name } = await add(db, actor, "materials", input);
  return { id, slug, name };
}

/** POST /api/owner/master-data/certification-types; 409 when a certification or licence of that name exists. */
export async function addCertificationType(
  db: Db,
  actor: OperatorActor,
  input: AddCertificationTypeInput,
): Promise<CertificationType> {
  const { id, slug, name } = await add(db, actor, "certificationTypes", input);
  return { id, slug, name, kind: input.kind };
}
