import type { Db } from "../client";

/** Demo data for a fresh embedded database. Returns the logins to print. */
export async function seedDemoData(_db: Db): Promise<Array<{ role: string; email: string; password: string }>> {
  return [];
}
