import type { TestProject } from "vitest/node";
import { buildTemplate, dropTemplate } from "./db-template";

declare module "vitest" {
  export interface ProvidedContext {
    snapshotFile: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const info = await buildTemplate(process.env.DATABASE_URL);
  project.provide("snapshotFile", info.snapshotFile ?? "");
  project.provide("pgTemplate", info.pgTemplate ?? "");
  return () => dropTemplate(process.env.DATABASE_URL, info);
}
