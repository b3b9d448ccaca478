import { buildTemplate } from "./db-template";

export default async function setup() {
  await buildTemplate(process.env.DATABASE_URL);
}
