// The audit helpers live in the audit module (decision 0008); the console's services still import them here.
export {
  type AuditEntry,
  audited,
  joined,
  type OperatorActor,
  type OwnerContext,
  recordAudit,
} from "@/modules/audit/audit.service";
