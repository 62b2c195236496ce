// The app's role must not own audit_log, or it could disable its trigger (docs/back-office.md "The audit log").
const ROLE = /^[a-z_][a-z0-9_]{0,62}$/;

export function auditOwnerStatements(appRole: string, ownerRole: string): string[] {
  if (!ROLE.test(appRole) || !ROLE.test(ownerRole)) throw new Error('role names are lower-case letters, digits and _');
  return [
    `ALTER TABLE audit_log OWNER TO ${ownerRole}`, // its id sequence goes with it
    `ALTER FUNCTION audit_log_append_only() OWNER TO ${ownerRole}`,
    `REVOKE ALL ON audit_log FROM ${appRole}`,
    `GRANT SELECT, INSERT ON audit_log TO ${appRole}`,
    `GRANT USAGE ON SEQUENCE audit_log_id_seq TO ${appRole}`,
  ];
}
