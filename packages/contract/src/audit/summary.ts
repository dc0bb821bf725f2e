/**
 * Who made an audit entry's change: "Anna Rossi (manager1)"; a guest or the server itself when
 * no account did (the entry's details say `by: guest` or `by: system`).
 */
export function auditWho(
  user: { name: string; username: string } | null,
  details: Record<string, unknown>,
): string {
  if (user) return `${user.name} (${user.username})`;
  if (details.by === 'api_key') {
    return typeof details.apiKeyName === 'string' ? `API key ${details.apiKeyName}` : 'API key';
  }
  return details.by === 'guest' ? 'Guest' : 'System';
}

/**
 * An audit entry's details in one line ("username: mgr2 · role: manager"), for the admin's
 * table and its CSV. Nested values are written compactly; ids of the entity are left to their
 * own column.
 */
export function auditSummary(details: Record<string, unknown>): string {
  return (
    Object.entries(details)
      // Who did it is the User column's (auditWho).
      .filter(([k]) => k !== 'by' && k !== 'apiKeyName')
      .filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => `${k}: ${auditValue(v)}`)
      .join(' · ')
  );
}

function auditValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(auditValue).join(', ');
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${auditValue(v)}`)
      .join(', ')}}`;
  }
  return '';
}
