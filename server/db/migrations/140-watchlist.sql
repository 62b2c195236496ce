-- Watchlist: a signed-in user's favourite instruments, in the order they arranged them. `position`
-- is 0…n-1 after every change (server/watchlist/watchlist-repository.ts rewrites it), so a list reads in one ORDER BY.
CREATE TABLE watchlist (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instrument_id INTEGER NOT NULL REFERENCES instruments(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (user_id, instrument_id)
);
