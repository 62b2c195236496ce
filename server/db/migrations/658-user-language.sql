-- Each account's language (docs/notifications.md "Languages"): the last one chosen in the app, written at each
-- sign-in and when the trader picks another; every notice, e-mail and SMS about the account is written in it. ''
-- for an account that has not signed in since (the notice then takes the language of the request that caused it).
ALTER TABLE users ADD COLUMN lang TEXT NOT NULL DEFAULT '';
