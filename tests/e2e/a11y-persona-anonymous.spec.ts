import { scanPersonas } from "./support/a11y-personas";

// axe on every page of signed out: the pages a11y-public.spec.ts does not scan (lists and scan: support/a11y-personas.ts).
scanPersonas("anonymous");
