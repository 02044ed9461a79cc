-- Whether the visitor chose the session's locale (changeLocale). A new session starts in the language of the request
-- that made it (Accept-Language, so the store's mail speaks it too) without a choice; until there is one, app info
-- follows each request's Accept-Language (spec §3 appMessage.currentLocale; issue 15 item 6). Sessions made before
-- this keep their stored locale as a choice.
ALTER TABLE sessions ADD COLUMN locale_chosen boolean NOT NULL DEFAULT true;
ALTER TABLE sessions ALTER COLUMN locale_chosen SET DEFAULT false
