-- Real-name verification (docs/contract.md §3, §4): one row per user; 0 not submitted (or rejected, with the reason),
-- 1 reviewing, 2 verified. The ID photos are private uploads of the same user.
CREATE TABLE user_real (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  card_id TEXT NOT NULL,
  front_upload TEXT NOT NULL REFERENCES uploads(id),
  reverse_upload TEXT NOT NULL REFERENCES uploads(id),
  review_status SMALLINT NOT NULL DEFAULT 1,
  reason TEXT NOT NULL DEFAULT '',
  submitted_at BIGINT NOT NULL,
  reviewed_at BIGINT,
  CHECK (review_status IN (0, 1, 2)),
  CHECK (front_upload <> reverse_upload)
);
CREATE INDEX user_real_status ON user_real (review_status, submitted_at);
