-- The twin of SQLite's 022: a server's and a member's settings copied into the scoped
-- settings as JSON values (a server's reminders only where turned off), and the two old
-- tables gone.
INSERT INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'server', guild_id, 'language', to_json(language)::text
    FROM guild_settings WHERE language IS NOT NULL
    ON CONFLICT DO NOTHING;
INSERT INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'server', guild_id, 'tables_where', to_json(tables_where)::text
    FROM guild_settings WHERE tables_where IS NOT NULL
    ON CONFLICT DO NOTHING;
INSERT INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'server', guild_id, 'reminders', 'false' FROM guild_settings WHERE reminders = 0
    ON CONFLICT DO NOTHING;
INSERT INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'member', user_id, 'language', to_json(language)::text
    FROM member_settings WHERE language IS NOT NULL
    ON CONFLICT DO NOTHING;
INSERT INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'member', user_id, 'notify', to_json(notify)::text
    FROM member_settings WHERE notify IS NOT NULL
    ON CONFLICT DO NOTHING;
DROP TABLE IF EXISTS guild_settings;
DROP TABLE IF EXISTS member_settings;
