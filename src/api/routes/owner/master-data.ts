import {
  addCapabilityInput,
  addCertificationTypeInput,
  addedCapability,
  addedCertificationType,
  MAX_CAPABILITY_NAME,
} from "@/modules/master-data/master-data-operator.schema";
import * as masterData from "@/modules/master-data/master-data-operator.service";
import { db } from "@/server/db/client";
import { operatorOf, ownerRoute } from "../../define-route";
import { body, errors, json } from "../../openapi";
import { base, type OwnerRouter, tags } from "./console";

// The operator extends the capability lists (加工・素材・認証・許可) that suppliers pick from and
// buyers filter by (GET /api/capabilities). Each addition is audited; the slug is generated.
export function ownerMasterDataRoutes(r: OwnerRouter) {
  const added = { ...base, 409: errors[409] };
  const rule = `name は1〜${MAX_CAPABILITY_NAME}文字。同じ名前（全角・半角、大文字・小文字、空白の違いを除く）があれば409。操作履歴に記録し、GET /api/capabilities に加わります（他のアプリのプロセスでは1分以内）。`;

  // POST /api/owner/master-data/processes – add a process (加工)
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/master-data/processes",
      operationId: "addOwnerProcess",
      tags,
      summary: "加工の種類を追加する",
      description: rule,
      request: body(addCapabilityInput),
      responses: { 201: json(addedCapability, "追加した加工"), ...added },
    }),
    async (c) => c.json(await masterData.addProcess(db(), await operatorOf(c), c.req.valid("json")), 201),
  );

  // POST /api/owner/master-data/materials – add a material (素材)
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/master-data/materials",
      operationId: "addOwnerMaterial",
      tags,
      summary: "素材を追加する",
      description: rule,
      request: body(addCapabilityInput),
      responses: { 201: json(addedCapability, "追加した素材"), ...added },
    }),
    async (c) => c.json(await masterData.addMaterial(db(), await operatorOf(c), c.req.valid("json")), 201),
  );

  // POST /api/owner/master-data/certification-types – add a certification or licence (認証・許可)
  r.openapi(
    ownerRoute({
      method: "post",
      path: "/owner/master-data/certification-types",
      operationId: "addOwnerCertificationType",
      tags,
      summary: "認証・許可の種類を追加する",
      description: `kind は CERTIFICATION（認証）か LICENSE（許可・登録）。${rule}`,
      request: body(addCertificationTypeInput),
      responses: { 201: json(addedCertificationType, "追加した認証・許可"), ...added },
    }),
    async (c) =>
      c.json(await masterData.addCertificationType(db(), await operatorOf(c), c.req.valid("json")), 201),
  );
}
