-- One account per phone (docs/security.md "Addresses"): national numbers lose their trunk prefix (the leading zeros
-- normaliseMobile drops), and each mobile account keeps its number as E.164, unique, so two spellings of one phone
-- (an area whose code begins another's) are one account.
UPDATE users SET mobile = ltrim(mobile, '0')
 WHERE mobile LIKE '0%' AND length(ltrim(mobile, '0')) >= 5
   AND NOT EXISTS (SELECT 1 FROM users o WHERE o.mobile = ltrim(users.mobile, '0'));
ALTER TABLE users ADD COLUMN mobile_e164 TEXT;
UPDATE users SET mobile_e164 = '+' || regexp_replace(a.global_code, '[^0-9]', '', 'g') || users.mobile
  FROM area_codes a WHERE a.id = users.area_id AND users.mobile IS NOT NULL;
CREATE UNIQUE INDEX users_mobile_e164 ON users (mobile_e164) WHERE mobile_e164 IS NOT NULL;
