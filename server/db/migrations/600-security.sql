-- Abuse counters (server/security/counters.ts): one row per (scope, key, window); incremented and read in one
-- statement so parallel requests cannot all pass a cap. Old windows are swept by the same module.
CREATE TABLE security_counters (
  scope TEXT NOT NULL,                      -- e.g. code_send_target, code_guess_target, demo_address
  key TEXT NOT NULL,                        -- the target, user id or address the cap is about
  window_start BIGINT NOT NULL,             -- ms epoch of the window's start (a UTC day)
  count INTEGER NOT NULL,
  PRIMARY KEY (scope, key, window_start)
);
CREATE INDEX security_counters_window ON security_counters (window_start);
