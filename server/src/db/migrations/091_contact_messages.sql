-- Contact messages keep the sender's address (per-address rate limit) and language (the acknowledgement mail).
ALTER TABLE form_submissions ADD COLUMN ip text;
ALTER TABLE form_submissions ADD COLUMN locale text;
CREATE INDEX form_submissions_recent ON form_submissions (created_at);
