-- A server's and a member's settings become keys of the scoped settings (issue 49, item 4),
-- each owned by the module that declares it with its default (bot/storage/setting.py): a
-- new setting is a new key, with no migration. The rows of guild_settings and
-- member_settings are copied as JSON values (a server's reminders only where turned off:
-- on is the default), then both tables go, so settings are kept in one place.
INSERT OR IGNORE INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'server', guild_id, 'language', json_quote(language)
    FROM guild_settings WHERE language IS NOT NULL;
INSERT OR IGNORE INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'server', guild_id, 'tables_where', json_quote(tables_where)
    FROM guild_settings WHERE tables_where IS NOT NULL;
INSERT OR IGNORE INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'server', guild_id, 'reminders', 'false' FROM guild_settings WHERE reminders = 0;
INSERT OR IGNORE INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'member', user_id, 'language', json_quote(language)
    FROM member_settings WHERE language IS NOT NULL;
INSERT OR IGNORE INTO scoped_settings (scope, scope_id, key, value)
    SELECT 'member', user_id, 'notify', json_quote(notify)
    FROM member_settings WHERE notify IS NOT NULL;
DROP TABLE IF EXISTS guild_settings;
DROP TABLE IF EXISTS member_settings;
