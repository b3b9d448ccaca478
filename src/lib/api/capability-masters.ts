"use client";

// The capability master lists of GET /api/capabilities (issue 20): processes, materials, the
// certifications and licences, and the quantity units. The operator adds rows rarely: an hour's
// dedupe, as for the other master lists.
import useSWR from "swr";
import type { NamedItem } from "./master-data";

export interface CertificationTypeItem extends NamedItem {
  kind: "CERTIFICATION" | "LICENSE";
}

export interface CapabilityMasters {
  processes: NamedItem[];
  materials: NamedItem[];
  certificationTypes: CertificationTypeItem[];
  quantityUnits: string[];
}

export function useCapabilityMasters() {
  return useSWR<CapabilityMasters>("/api/capabilities", {
    revalidateIfStale: false,
    dedupingInterval: 60 * 60 * 1000,
  });
}
