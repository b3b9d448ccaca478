import { randomUUID } from "node:crypto";
import type { ActorName, Personas } from "../../factories/actors";
import { addCertification, certificationForm, certificationTypeId } from "../../factories/certifications";
import type { MatrixCase } from "./matrix";
import { all, onlyCompanyOf, ownCompany } from "./matrix-helpers";

// The supplier capabilities' rows of the authorization matrix (issue 20): capabilities and
// certificates of the caller's own supplier company; a buyer company is no supplier (404), and
// another supplier's certificate is not found through one's own path.

const SUPPLIERS: ActorName[] = ["freeSupplier", "paidSupplier", "otherSupplier"];

/** A supplier-only call on the caller's own company: suppliers get `ok`, buyers 404. */
const suppliersOwn = (ok: number): Record<ActorName, number> => ({
  ...all(404),
  anonymous: 401,
  owner: 403,
  freeSupplier: ok,
  paidSupplier: ok,
  otherSupplier: ok,
});

/** A complete capabilities document (decision 0005). */
const capabilityDoc = {
  quantityUnit: "個",
  moqMin: 500,
  moqMax: 10_000,
  monthlyCapacity: 50_000,
  smallLotAccepted: true,
  smallLotMin: 100,
  sampleAvailable: true,
  sampleDays: 10,
  processIds: [],
  materialIds: [],
};

async function uploadForm(): Promise<FormData> {
  return certificationForm({
    certificationTypeId: await certificationTypeId("iso-9001"),
    number: "JQA-QMA00001",
    issuer: "権限確認用の審査機関",
  });
}

/** A new certificate of the calling supplier's company (an unknown id for anyone else). */
async function ownCertification(p: Personas, actor: ActorName): Promise<string> {
  if (!SUPPLIERS.includes(actor)) return randomUUID();
  return addCertification(p[actor], { certificationTypeId: await certificationTypeId("haccp") });
}

const ownPath = (p: Personas, a: ActorName, rest: string) => `/api/oem/company/${ownCompany(p, a)}${rest}`;
const otherPath = (p: Personas, rest: string) => `/api/oem/company/${p.otherSupplier.companyId}${rest}`;

const otherSuppliers = new WeakMap<Personas, Map<string, Promise<string>>>();
/** A certificate of otherSupplier's company per row (`row`), the same for every persona of that row. */
function otherSuppliersCertification(p: Personas, row: "delete" | "document"): Promise<string> {
  let byRow = otherSuppliers.get(p);
  if (!byRow) {
    byRow = new Map();
    otherSuppliers.set(p, byRow);
  }
  let id = byRow.get(row);
  if (!id) {
    id = ownCertification(p, "otherSupplier");
    byRow.set(row, id);
  }
  return id;
}

export const capabilityMatrix: MatrixCase[] = [
  {
    op: "GET /api/oem/company/{companyId}/capabilities",
    name: "own company",
    request: (p, a) => ({ path: ownPath(p, a, "/capabilities") }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/capabilities",
    name: "another supplier's company",
    request: (p) => ({ path: otherPath(p, "/capabilities") }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "POST /api/oem/company/{companyId}/capabilities/update",
    name: "own company",
    request: (p, a) => ({ path: ownPath(p, a, "/capabilities/update"), body: capabilityDoc }),
    expect: suppliersOwn(200),
  },
  {
    op: "POST /api/oem/company/{companyId}/capabilities/update",
    name: "another supplier's company",
    request: (p) => ({ path: otherPath(p, "/capabilities/update"), body: capabilityDoc }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "GET /api/oem/company/{companyId}/certifications",
    name: "own company",
    request: (p, a) => ({ path: ownPath(p, a, "/certifications") }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/certifications",
    name: "another supplier's company",
    request: (p) => ({ path: otherPath(p, "/certifications") }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
  {
    op: "POST /api/oem/company/{companyId}/certifications",
    name: "own company",
    request: async (p, a) => ({ path: ownPath(p, a, "/certifications"), body: await uploadForm() }),
    expect: suppliersOwn(201),
  },
  {
    op: "POST /api/oem/company/{companyId}/certifications",
    name: "another supplier's company",
    request: async (p) => ({ path: otherPath(p, "/certifications"), body: await uploadForm() }),
    expect: onlyCompanyOf("otherSupplier", 201),
  },
  {
    op: "POST /api/oem/company/{companyId}/certifications/{certificationId}/delete",
    name: "own certificate",
    request: async (p, a) => ({
      path: ownPath(p, a, `/certifications/${await ownCertification(p, a)}/delete`),
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "POST /api/oem/company/{companyId}/certifications/{certificationId}/delete",
    name: "another supplier's certificate through one's own company",
    request: async (p, a) => ({
      path: ownPath(p, a, `/certifications/${await otherSuppliersCertification(p, "delete")}/delete`),
    }),
    // otherSupplier's own certificate is deleted by otherSupplier only, and it runs last (ACTORS order).
    expect: { ...suppliersOwn(404), otherSupplier: 200 },
  },
  {
    op: "GET /api/oem/company/{companyId}/certifications/{certificationId}/document",
    name: "own certificate",
    request: async (p, a) => ({
      path: ownPath(p, a, `/certifications/${await ownCertification(p, a)}/document`),
    }),
    expect: suppliersOwn(200),
  },
  {
    op: "GET /api/oem/company/{companyId}/certifications/{certificationId}/document",
    name: "another supplier's certificate",
    request: async (p) => ({
      path: otherPath(p, `/certifications/${await otherSuppliersCertification(p, "document")}/document`),
    }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
];
