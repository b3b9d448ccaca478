// One row of the operators' audit log as the console shows it (GET /api/owner/audit-log and each
// record's trail). The zod shape that the API answers with (auditItem in the console's schema) is
// checked against this type, so the two cannot drift apart.
export interface AuditItem {
  id: string;
  owner: { id: string; name: string; email: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  /** What was changed, in words (「チケット5枚の購入」); null when the type has no better name. */
  targetLabel: string | null;
  /** The company the change was about (a ticket's or plan's supplier, an inquiry's buyer …). */
  company: { id: string; name: string } | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  createdAt: string;
}
