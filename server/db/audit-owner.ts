// On PostgreSQL the app's own role must not own audit_log (docs/back-office.md "The audit log"): the owner of a table
// may `ALTER TABLE audit_log DISABLE TRIGGER`, and then rewrite what the append-only trigger guards. So another role
// owns it and the app may only read and append. These are the statements a database administrator (a superuser, or
// the role that will own the table) runs once after the migrations; the server tests run the same ones. PGlite has one
// user, the process that holds its files: there the trigger is the guard.
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
