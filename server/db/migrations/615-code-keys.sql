-- Each sent code gets a random key that is handed only to the caller who asked for it (the send answer's
-- data.key). A check must carry it: a request without the key cannot spend that code's attempts, so nobody can
-- burn another person's code (server/accounts/verification.ts). Codes sent before this migration have no key
-- and can no longer be checked (they expire within 10 minutes anyway).
ALTER TABLE verification_codes ADD COLUMN code_key TEXT;
CREATE UNIQUE INDEX verification_codes_key ON verification_codes (code_key);
