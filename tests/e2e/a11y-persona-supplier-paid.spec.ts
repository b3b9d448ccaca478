import { scanPersonas } from "./support/a11y-personas";

// axe on every page of the paid supplier (lists and scan: support/a11y-personas.ts).
scanPersonas("supplierPaid");
