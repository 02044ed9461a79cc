-- Security probe 2026-11-26 L1: a back-in-stock subscription's cancel token is answered only to whoever made it, the
-- session (a guest) or the account that subscribed; a repeat from anyone else is answered without it.
ALTER TABLE restock_alerts ADD COLUMN session_id bigint;
