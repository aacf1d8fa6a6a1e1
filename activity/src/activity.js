// The live table's way in from inside Discord (issue 47). Discord loads the Activity's page
// in its frame; this script asks Discord who the member is (the Embedded App SDK: authorize
// gives a code, the bot exchanges it for a token with the client secret, authenticate names
// the member), then asks the bot for the table of the match played in the Activity's channel
// and opens it in this same frame. Every sentence shown comes from the bot, already worded.
import { DiscordSDK } from "@discord/embedded-app-sdk";

const page = document.documentElement;
const status = document.getElementById("status");

// Discord's proxy takes the Activity's own requests under /.proxy/ (its URL mapping then
// sends them on to the bot's /table/); outside Discord's proxy the page's folder is used.
function address(path) {
  const here = new URL(".", window.location.href);
  const proxied = window.location.hostname.endsWith(".discordsays.com");
  if (proxied && !here.pathname.startsWith("/.proxy/")) {
    here.pathname = "/.proxy" + here.pathname;
  }
  return new URL(path, here).toString();
}

function say(text) {
  status.textContent = text;
  page.dataset.state = "refused";
}

async function ask(path, body) {
  const answer = await fetch(address(path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) {
    throw new Refused(data.text);
  }
  return data;
}

class Refused extends Error {}

async function locale(sdk) {
  try {
    return (await sdk.commands.userSettingsGetLocale()).locale;
  } catch {
    return navigator.language;
  }
}

async function open() {
  const sdk = new DiscordSDK(page.dataset.client, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: page.dataset.client,
    response_type: "code",
    prompt: "none",
    scope: ["identify"],
  });
  const language = await locale(sdk);
  const { access_token } = await ask("activity/token", { code, locale: language });
  const { user } = await sdk.commands.authenticate({ access_token });
  const { url } = await ask("activity/session", {
    access_token,
    user_id: user.id,
    channel_id: sdk.channelId,
    locale: language,
  });
  page.dataset.state = "opening";
  // Discord's query (frame_id, instance_id, platform, ...) goes along, so the table's page
  // can tell it is inside Discord and reach the SDK again if it needs to.
  const opened = new URL(address(url));
  opened.search = window.location.search;
  window.location.assign(opened.toString());
}

open().catch((error) => {
  say(error instanceof Refused && error.message ? error.message : page.dataset.failed);
});
