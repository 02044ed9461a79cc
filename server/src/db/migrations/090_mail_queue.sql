-- Outbound mail, rendered when it is queued, sent by the worker in src/mail/queue.ts. A row stays PENDING until a
-- transport accepts it; next_attempt_at is both the retry schedule and the lease a worker takes while it sends.
CREATE TABLE mail_queue (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  locale text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE status = 'PENDING';
