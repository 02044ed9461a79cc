-- Daily reconciliation (src/payments/reconcile.ts, `npm run reconcile`): each provider's statement of a day matched to
-- the store's payments and refunds.
--
-- One row per run (the CLI's or the daily worker's): what it found, as counts and as the report's text, for
-- `npm run reconcile -- list` and the operator's mail.
CREATE TABLE reconcile_runs (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  day date NOT NULL,
  -- MATCHED (nothing to do), DISCREPANCIES, FAILED (could not run: the statement could not be had), NOT_RECONCILED
  -- (the provider documents no statement API).
  outcome text NOT NULL CHECK (outcome IN ('MATCHED', 'DISCREPANCIES', 'FAILED', 'NOT_RECONCILED')),
  counts jsonb NOT NULL DEFAULT '{}',
  report text NOT NULL,
  by text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX reconcile_runs_day_idx ON reconcile_runs (day DESC, provider, id DESC);

-- What a statement showed that the store did not know or got wrong, once per (provider, day, kind, reference) whatever
-- the number of runs: `npm run attention` lists the unhandled ones that need a hand (not an applied payment, not a fee),
-- until the operator marks them handled (`npm run attention -- handled`, with who and when).
CREATE TABLE reconcile_items (
  provider text NOT NULL,
  day date NOT NULL,
  -- MISSING_AT_STORE (money the store had not recorded: APPLIED through the notification's code, or FLAGGED),
  -- MISSING_AT_PROVIDER, AMOUNT_DIFFERS, CURRENCY_DIFFERS, REFUND_STUCK, FEE.
  kind text NOT NULL,
  -- The provider's reference of the line (transaction id, refund id), or the store's id for MISSING_AT_PROVIDER.
  ref text NOT NULL,
  action text NOT NULL CHECK (action IN ('APPLIED', 'FLAGGED', 'RECORDED', 'NOTED')),
  attempt_id text,
  refund_id text,
  order_id int,
  amount int,
  currency text,
  detail text NOT NULL,
  first_run int NOT NULL REFERENCES reconcile_runs(id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  handled_at timestamptz,
  handled_by text,
  PRIMARY KEY (provider, day, kind, ref)
);
CREATE INDEX reconcile_items_open_idx ON reconcile_items (created_at) WHERE handled_at IS NULL;

-- The daily run's claim: one row per provider and day, taken by one instance at a time (due_at is the schedule and the
-- lease, as in the refund worker's queue), done once its run is recorded.
CREATE TABLE reconcile_days (
  provider text NOT NULL,
  day date NOT NULL,
  due_at timestamptz NOT NULL,
  tries int NOT NULL DEFAULT 0,
  done_at timestamptz,
  PRIMARY KEY (provider, day)
);

-- A refund the provider accepted and then ended ABNORMAL or CLOSED (refunds.provider_outcome), which the operator
-- returned by hand (re-routed at the provider, or paid another way): who and when. provider_outcome stays the
-- provider's word; attention stops listing it.
ALTER TABLE refunds ADD COLUMN handled_at timestamptz;
ALTER TABLE refunds ADD COLUMN handled_by text;
