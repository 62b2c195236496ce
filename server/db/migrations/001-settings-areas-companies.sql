-- Base settings (key/value), area codes for mobile registration, service-provider companies.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE area_codes (
  id SERIAL PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,          -- ISO 3166 alpha-2, e.g. HK
  global_code TEXT NOT NULL,          -- calling code with plus, e.g. +852
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE companies (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  subject TEXT NOT NULL DEFAULT '',
  logo TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  registered_address TEXT NOT NULL DEFAULT '',
  location TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT ''
);
