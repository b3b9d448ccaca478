import * as masterData from "@/modules/master-data/master-data.service";
import type { DbOrTx } from "@/server/db/client";
import type { FitNames } from "./fit.service";

/** The names the fit's reasons use, from the master lists (cached per process). */
export async function loadFitNames(db: DbOrTx): Promise<FitNames> {
  const [certifications, processes, materials, categories, prefectures] = await Promise.all([
    masterData.listCertificationTypes(db),
    masterData.listProcesses(db),
    masterData.listMaterials(db),
    masterData.listCategories(db),
    masterData.listPrefectures(db),
  ]);
  return {
    certifications: new Map(certifications.map((c) => [c.id, { name: c.name, kind: c.kind }])),
    processes: new Map(processes.map((p) => [p.id, p.name])),
    materials: new Map(materials.map((m) => [m.id, m.name])),
    categories: new Map(categories.map((c) => [c.id, c.name])),
    prefectures: new Map(prefectures.map((p) => [p.id, p.name])),
  };
}
