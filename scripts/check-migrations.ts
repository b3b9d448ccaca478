// The migration check (decision 0043, docs/migrations.md): every file in drizzle/ must be safe to
// apply while the previous version still serves. Prints each refusal as file:line and exits 1.
import path from "node:path";
import { lintMigrationsFolder } from "@/server/db/migration-lint";

const folder = path.resolve(process.argv[2] ?? "drizzle");
const findings = lintMigrationsFolder(folder);
for (const f of findings)
  console.error(`${path.relative(process.cwd(), path.join(folder, f.file))}:${f.line}: ${f.message}`);
if (findings.length) {
  console.error(
    `\n${findings.length} refused: see docs/migrations.md (expand, then contract in a later release).`,
  );
  process.exit(1);
}
console.log(
  `Migrations checked: ${path.relative(process.cwd(), folder) || "."} is safe to apply during a rollout.`,
);
