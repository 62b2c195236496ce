-- The delivery queue (docs/notifications.md "The queue"): every message the Notifier is handed becomes one row; the
-- sender on the market writer claims due rows with a lease, delivers them through the channel's gateway and marks
-- them. `payload` holds the template's values (a code among them) only until the row is final: it is cleared when the
-- message is sent or given up, so a code never outlives its delivery here. The operator sees everything else.
CREATE TABLE deliveries (
  id BIGSERIAL PRIMARY KEY,
  message_ref TEXT NOT NULL,                -- stable per row: the e-mail's Message-ID, the SMS gateways' reference
  kind TEXT NOT NULL,                       -- the template (server/core/services.ts MessageKind)
  channel TEXT NOT NULL,                    -- sms | email
  recipient TEXT NOT NULL,                  -- e-mail address, or mobile number with its country prefix
  lang TEXT,                                -- the recipient's language; hk when NULL
  user_id INTEGER,                          -- the account the message is about (its anti-phishing phrase)
  payload TEXT,                             -- JSON of the values; NULL once sent or failed
  code_ref TEXT,                            -- sha256 of the code's key: the requester asks the state with the key
  state TEXT NOT NULL DEFAULT 'queued',
  provider TEXT,                            -- outbox | smtp | kannel | twilio: who took (or refused) it last
  provider_id TEXT,                         -- the provider's id of the accepted message
  attempts INTEGER NOT NULL DEFAULT 0,      -- deliveries started (a claim counts, even if the process then died)
  last_error TEXT,                          -- the last failure, never the body
  due_at BIGINT NOT NULL,                   -- not before: the back-off's next try
  lease_until BIGINT,                       -- while sending: past it, the claim is dead and the row is due again
  created_at BIGINT NOT NULL,
  sent_at BIGINT,
  CHECK (channel IN ('sms', 'email')),
  CHECK (state IN ('queued', 'sending', 'sent', 'failed'))
);
CREATE UNIQUE INDEX deliveries_ref ON deliveries (message_ref);
CREATE INDEX deliveries_due ON deliveries (state, due_at);
CREATE INDEX deliveries_code_ref ON deliveries (code_ref);
CREATE INDEX deliveries_recipient ON deliveries (recipient, id DESC);
