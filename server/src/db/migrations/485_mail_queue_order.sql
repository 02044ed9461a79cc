-- The order a mail is about (receipts and fulfilment mails; NULL for the others), so an order can say where its receipt
-- went (the Order's receiptTo: the confirmation page's "Receipt sent to …"). Mails queued before this have none.
ALTER TABLE mail_queue ADD COLUMN order_id int REFERENCES orders (id) ON DELETE SET NULL;
CREATE INDEX mail_queue_order ON mail_queue (order_id) WHERE order_id IS NOT NULL;
