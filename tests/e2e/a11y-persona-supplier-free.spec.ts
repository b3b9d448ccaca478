import { scanPersonas } from "./support/a11y-personas";

// axe on every page of the free supplier's ADMIN and GENERAL member (lists and scan: support/a11y-personas.ts).
scanPersonas("supplierFree", "supplierGeneral");
