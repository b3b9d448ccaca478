/** The textual form of a UUID (any version), case-insensitive. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or query value can be an id at all (a malformed one answers 404 without a query). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
