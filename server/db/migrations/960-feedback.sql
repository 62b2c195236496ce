-- A trader's messages to the broker's team and the team's answer (docs/feedback.md). Times are ms epoch from the
-- injected clock; answered_by names the member as the audit log does ("Name (login)" or "break-glass"), as the
-- desk's tables name theirs. The answer, its time and its author are set together, once.
CREATE TABLE feedback (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  topic TEXT NOT NULL CHECK (topic IN ('app', 'trading', 'wallet', 'other')),
  text TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  answer TEXT,
  answered_at BIGINT,
  answered_by TEXT,
  CHECK ((answer IS NULL) = (answered_at IS NULL) AND (answer IS NULL) = (answered_by IS NULL))
);
-- The account's newest messages and its count in the last 24 hours.
CREATE INDEX feedback_user ON feedback (user_id, created_at);
-- The team's open messages.
CREATE INDEX feedback_open ON feedback (created_at) WHERE answered_at IS NULL;
