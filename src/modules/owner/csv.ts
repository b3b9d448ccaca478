// Moved to src/lib/csv.ts (the domains' operator lists export CSV too); kept for the console's own imports.
export * from "@/lib/csv";
