-- Rows in every table of release 1.0.0's schema, written as 1.0.0 wrote them (its columns only),
-- with the values that are easy to lose in a migration: NULLs, decimals, JSON, non-ASCII text,
-- times with milliseconds, and both kinds of ids (uuid and bigserial).
INSERT INTO retailer_applications (id, created_at, idempotency_key, company_name, business_type,
  number_of_locations, contact_name, email, phone, average_order_value, monthly_order_volume,
  current_delivery_method, additional_info) VALUES
  ('0b5d2a1e-8a39-4c41-9d55-1f0d7d1b0001', '2026-01-02T03:04:05.678Z', 'key-app-1',
   'Barton Springs Market, "Fresh" & Co', 'Grocery Store', 3, 'Ana Núñez', 'ana.nunez@example.com',
   '(512) 555-0142', 42.50, 1200, 'Food delivery app (national marketplace)', E'Line one\r\nLine two — 東京 🚚'),
  ('0b5d2a1e-8a39-4c41-9d55-1f0d7d1b0002', '2026-02-03T04:05:06.789Z', NULL,
   'Corner Shop', 'Convenience Store', 1, 'Bo Li', 'bo@example.org', '+1 512 555 0100', NULL, NULL, NULL, NULL);

INSERT INTO contact_messages (id, created_at, idempotency_key, name, email, company, message) VALUES
  ('1c6e3b2f-9b4a-4d52-8e66-2a1e8e2c0001', '2026-03-04T05:06:07.890Z', 'key-contact-1', 'Robin Tester',
   'robin@example.org', 'Tester & Co', 'Please call me about a pilot.'),
  ('1c6e3b2f-9b4a-4d52-8e66-2a1e8e2c0002', '2026-03-05T05:06:07.000Z', NULL, 'Zoë', 'zoe@example.org', NULL,
   E'=HYPERLINK("x")\nsecond line');

INSERT INTO access_codes (id, retailer, code_hash, label, created_at, expires_at, revoked_at, last_used_at,
  use_count, notify) VALUES
  ('2d7f4c30-ac5b-4e63-9f77-3b2f9f3d0001', 'circlek', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
   'Jane Doe, ops', '2026-04-01T00:00:00.000Z', '2027-04-01T00:00:00.000Z', NULL, '2026-04-02T10:11:12.131Z', 7, true),
  ('2d7f4c30-ac5b-4e63-9f77-3b2f9f3d0002', 'pizzahut', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', NULL,
   '2026-04-01T00:00:00.000Z', NULL, '2026-05-01T00:00:00.000Z', NULL, 0, false);

INSERT INTO access_attempts (retailer, ip_hash, outcome, count, created_at) VALUES
  ('circlek', 'a1b2c3d4e5f6', 'granted', 1, '2026-04-02T10:11:12.131Z'),
  ('circlek', 'a1b2c3d4e5f6', 'denied', 4, '2026-04-02T10:12:00.000Z');

INSERT INTO notifications (id, event, channel, payload, created_at, attempts, next_attempt_at, give_up_at,
  locked_until, delivered_at, failed_at, last_error, dedupe_key) VALUES
  ('3e805d41-bd6c-4f74-a088-4c30a04e0001', 'application.created', 'webhook',
   '{"id": "0b5d2a1e-8a39-4c41-9d55-1f0d7d1b0001", "text": "New application — 東京", "nested": {"n": 1.5, "list": [1, null]}}',
   '2026-01-02T03:04:05.678Z', 1, '2026-01-02T03:04:05.678Z', '2026-01-03T03:04:05.678Z', NULL,
   '2026-01-02T03:04:06.000Z', NULL, NULL, 'application.created:0b5d2a1e'),
  ('3e805d41-bd6c-4f74-a088-4c30a04e0002', 'contact.created', 'email', '{"id": "x"}',
   '2026-03-04T05:06:07.890Z', 12, '2026-03-05T05:06:07.890Z', '2026-03-05T05:06:07.890Z',
   '2026-03-05T05:07:00.000Z', NULL, '2026-03-05T05:06:08.000Z', 'the webhook answered HTTP 502', NULL);

INSERT INTO docket_views (retailer, code_id, page, ip_hash, count, created_at, last_at) VALUES
  ('circlek', '2d7f4c30-ac5b-4e63-9f77-3b2f9f3d0001', '/docket', 'a1b2c3d4e5f6', 3,
   '2026-04-02T10:11:13.000Z', '2026-04-02T11:00:00.000Z'),
  ('walmart', NULL, '/docket', 'f6e5d4c3b2a1', 1, '2026-04-03T00:00:00.000Z', '2026-04-03T00:00:00.000Z');
