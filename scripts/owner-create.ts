// Creates an operator of the owner console:
//   OWNER_PASSWORD='…' npm run owner:create -- --email ops@example.jp --name "運営 太郎"
// The password comes from OWNER_PASSWORD (preferred: it stays out of the shell history and
// the process list) or --password. With the embedded database the data dir is locked while
// the app runs: stop the app first, or point DATABASE_URL at PostgreSQL.
import { parseArgs } from "node:util";
import { env } from "@/env";
import { createOwnerAccount } from "@/modules/identity/owner-account.service";
import { openDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/lock";
import { AppError } from "@/server/http/errors";

const USAGE =
  'Usage: OWNER_PASSWORD=<12+ characters> npm run owner:create -- --email <email> --name "<name>" [--password <password>]';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const password = values.password ?? process.env.OWNER_PASSWORD;
  if (!values.email || !values.name || !password) {
    console.error(`--email, --name and a password (OWNER_PASSWORD or --password) are required.\n${USAGE}`);
    process.exitCode = 64;
    return;
  }
  const e = env();
  const database = await openDatabase(
    e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : { dataDir: e.dataDir },
  );
  try {
    const owner = await createOwnerAccount(database.db, { email: values.email, name: values.name, password });
    console.log(`Operator created: ${owner.name} <${owner.email}> (id ${owner.id}, ${database.kind}).`);
    console.log("Sign in at /owner/login.");
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(
      `${err.message}\nThe embedded database cannot be opened while the app runs: stop the app (pid ${err.pid}) and run npm run owner:create again.`,
    );
    process.exit(75);
  }
  if (err instanceof AppError) {
    const fields = err.fields ? Object.entries(err.fields).map(([k, v]) => `\n  - ${k}: ${v}`) : [];
    console.error(`${err.message}${fields.join("")}`);
    process.exit(err.code === "CONFLICT" ? 73 : 65);
  }
  console.error(err);
  process.exit(1);
});
