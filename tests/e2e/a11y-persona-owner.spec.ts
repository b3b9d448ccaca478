import { scanPersonas } from "./support/a11y-personas";

// axe on every page of the operator's console (lists and scan: support/a11y-personas.ts).
scanPersonas("owner");
