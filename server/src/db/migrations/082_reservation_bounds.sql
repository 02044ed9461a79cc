-- Bounds on held stock (security probe finding 6, services/orders.ts reserve): a reservation that replaces another
-- keeps the first one's start (`hold_started_at`, null = created_at), so changing the draft never renews a hold; and
-- unpaid guest reservations are counted per client address (`client_ip`).
ALTER TABLE orders ADD COLUMN hold_started_at timestamptz;
ALTER TABLE orders ADD COLUMN client_ip text;
CREATE INDEX orders_open_by_ip_idx ON orders (client_ip) WHERE status = 'INTERIM' AND payment_status = 'NOT_PAID';
