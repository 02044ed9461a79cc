-- A session's locale is NULL until the visitor chooses one (changeLocale): until then app info speaks the language of
-- the request's Accept-Language (spec §3 appMessage.currentLocale; issue 15 item 6). Sessions made before this keep
-- their stored locale as a choice.
ALTER TABLE sessions ALTER COLUMN locale DROP DEFAULT;
ALTER TABLE sessions ALTER COLUMN locale DROP NOT NULL
