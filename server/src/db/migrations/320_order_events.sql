-- The store's fulfilment moves (npm run orders -- move, orders/lifecycle.ts moveOrder): who moved which order from
-- which state to which, and when. Rows are only ever added.
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id),
  from_status text NOT NULL,
  to_status text NOT NULL,
  actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 100),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- The day's orders (npm run orders -- today / picklist): by the day they are due (the date part of the pickup or
-- delivery time, 'YYYY-MM-DD HH:MM') and, for orders with no time (eat-in), by the day they were settled.
CREATE INDEX orders_due_day_idx ON orders ((left(COALESCE(pickup_date_time, delivery_date_time), 10))) WHERE status <> 'INTERIM';
CREATE INDEX orders_settled_at_idx ON orders (settled_at) WHERE pickup_date_time IS NULL AND delivery_date_time IS NULL;
