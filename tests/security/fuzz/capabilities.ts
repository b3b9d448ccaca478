import fc from "fast-check";
import type { Persona } from "../../factories/actors";
import { addCertification } from "../../factories/certifications";
import { api } from "../../factories/http";
import { perTestDatabase } from "../../factories/per-test-database";
import { throwaway } from "./context";
import { isoDate, text } from "./generate";
import type { Operation, Part } from "./requests";

// Supplier capabilities and certificates (issue 20) in the fuzzer: the capabilities document gets
// hints that often make a coherent one (its fields depend on each other), and every certificate
// operation runs on a supplier of its own, so the 30-certificate limit reached by the upload's
// valid requests does not refuse the others' setup.

const CERTIFICATIONS = "/api/oem/company/{companyId}/certifications";

interface Masters {
  processIds: number[];
  materialIds: number[];
  certificationTypeIds: number[];
}

const loadMasters = perTestDatabase(
  (): Promise<Masters> =>
    api("GET", "/api/capabilities").then((res) => ({
      processIds: res.body.processes.map((r: { id: number }) => r.id),
      materialIds: res.body.materials.map((r: { id: number }) => r.id),
      certificationTypeIds: res.body.certificationTypes.map((r: { id: number }) => r.id),
    })),
);

/** A supplier of its own for the certificate operations; undefined for any other operation. */
export async function capabilityPersona(op: Operation): Promise<Persona | undefined> {
  return op.path.startsWith(CERTIFICATIONS) ? throwaway("SUPPLIER") : undefined;
}

const sometimes = <T>(value: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight, arbitrary: value });

/**
 * The ids and hints of a capability operation, and the multipart parts of a certificate upload
 * (undefined when the operation is not one of them).
 */
export async function planCapabilities(
  op: Operation,
  persona: Persona,
  params: Record<string, fc.Arbitrary<string>>,
  hints: Record<string, fc.Arbitrary<unknown>>,
  pdf: Uint8Array,
): Promise<fc.Arbitrary<Part[]> | undefined> {
  const id = op.id;
  if (id === "POST /api/oem/company/{companyId}/capabilities/update") {
    const m = await loadMasters();
    hints.quantityUnit = fc.oneof(
      { weight: 4, arbitrary: fc.constant("個") },
      { weight: 1, arbitrary: fc.constant(null) },
    );
    hints.moqMin = sometimes(fc.integer({ min: 100, max: 1000 }));
    hints.moqMax = sometimes(fc.integer({ min: 1000, max: 1_000_000 }));
    hints.monthlyCapacity = sometimes(fc.integer({ min: 1, max: 1_000_000_000 }));
    hints.smallLotAccepted = fc.option(fc.boolean(), { nil: null });
    hints.smallLotMin = sometimes(fc.integer({ min: 1, max: 99 }));
    hints.sampleAvailable = fc.option(fc.boolean(), { nil: null });
    hints.sampleDays = sometimes(fc.integer({ min: 1, max: 365 }));
    hints["processIds[]"] = fc.constantFrom(...m.processIds);
    hints["materialIds[]"] = fc.constantFrom(...m.materialIds);
    return undefined;
  }
  if (!op.path.startsWith(CERTIFICATIONS)) return undefined;
  const m = await loadMasters();
  const type = () => fc.constantFrom(...m.certificationTypeIds);
  if (op.path.includes("{certificationId}")) {
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push(await addCertification(persona, { certificationTypeId: m.certificationTypeIds[i]! }));
    params.certificationId = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...made) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }
  if (!op.multipartBody) return undefined;
  const file: Part = { name: "file", value: pdf, fileName: "登録証.pdf", type: "application/pdf" };
  return fc
    .record({
      certificationTypeId: fc.oneof(
        { weight: 5, arbitrary: type() },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 }) },
      ),
      number: text(1, 100),
      issuer: text(1, 100),
      expiresOn: fc.option(fc.oneof(fc.integer({ min: 0, max: 3000 }).map(isoDate), fc.constant("")), {
        nil: undefined,
      }),
    })
    .map(({ certificationTypeId, number, issuer, expiresOn }) => [
      { name: "certificationTypeId", value: String(certificationTypeId) },
      { name: "number", value: number },
      { name: "issuer", value: issuer },
      ...(expiresOn === undefined ? [] : [{ name: "expiresOn", value: expiresOn }]),
      file,
    ]);
}
