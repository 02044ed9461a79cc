-- Issue 18 (shopper walkthrough 2.4). Searches that found something, counted per normalised term (trimmed, lower case),
-- so an opened search field can offer what shoppers look for most. No shopper or session is recorded with a term.
CREATE TABLE search_terms (
  term text PRIMARY KEY CHECK (length(term) BETWEEN 1 AND 100),
  searches int NOT NULL DEFAULT 0 CHECK (searches >= 0),
  last_searched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_terms_popular ON search_terms (searches DESC, last_searched_at DESC);
