-- One four-eyes gate for every command that moves money (docs/back-office.md "Four eyes"), and staff credentials
-- that an admin cannot keep for themself.

-- The admin's one-time password only opens the step where the member sets their own; a member whose credentials
-- were made or reset less than 24 h ago gives no second approval.
ALTER TABLE staff ADD COLUMN must_set_password BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE staff ADD COLUMN credentials_at BIGINT NOT NULL DEFAULT 0;
UPDATE staff SET credentials_at = created_at;

-- Any command that moves money may wait here, with the account it moves and its USD value; `item` is the one
-- charge or withdrawal it concerns (NULL for a credit), and only one approval waits per item.
ALTER TABLE second_approvals DROP CONSTRAINT second_approvals_kind_check;
ALTER TABLE second_approvals ADD COLUMN user_id INTEGER;
ALTER TABLE second_approvals ADD COLUMN usd NUMERIC(24, 8);
ALTER TABLE second_approvals ADD COLUMN item BIGINT;
UPDATE second_approvals SET item = subject_id WHERE kind = 'withdraw-paid';
UPDATE second_approvals SET user_id = subject_id WHERE kind = 'user-credit';
DROP INDEX second_approvals_one_waiting;
CREATE UNIQUE INDEX second_approvals_one_waiting ON second_approvals (kind, item)
  WHERE status = 'waiting' AND item IS NOT NULL;

-- What one member moved alone (below the threshold): the gate sums one member's movements to one account over 24 h,
-- so a large sum cut into pieces still needs a second person.
CREATE TABLE lone_movements (
  id BIGSERIAL PRIMARY KEY,
  staff_id INTEGER NOT NULL,                -- 0 for break-glass
  user_id INTEGER NOT NULL,
  command TEXT NOT NULL,
  usd NUMERIC(24, 8) NOT NULL,
  currency TEXT NOT NULL,
  value NUMERIC(24, 8) NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX lone_movements_member ON lone_movements (staff_id, user_id, at);
