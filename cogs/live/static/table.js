// The live table's page: it follows one match over a WebSocket and draws each frame the
// server sends (everything already worded, in the viewer's language, and escaped there).
// A reconnect names the last version drawn, so the server resumes after it: no gap, no
// repeat. Every address is relative to the page, which may be served under a prefix.
"use strict";
(() => {
  const main = document.getElementById("live");
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const language = document.documentElement.lang || "en";
  const $ = (id) => document.getElementById(id);
  let last = null; // the version drawn last
  let wait = 500; // ms before the next reconnect, doubled up to 10 s
  let socket = null;
  let due = null; // when the running turn ends (seconds since 1970, the bot's clock)
  let skew = 0; // the bot's clock less this page's, in seconds
  let over = false; // the server said bye: no reconnect

  function connect() {
    const url = new URL("../ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.search = "";
    url.searchParams.set("t", main.dataset.token);
    url.searchParams.set("v", last === null ? "" : String(last));
    url.searchParams.set("l", language);
    socket = new WebSocket(url);
    socket.onopen = () => {
      wait = 500;
      if (last !== null) { // resumed: the frames after `last` follow, if any
        status(main.dataset.open === "false" ? texts.ended : texts.live);
        enable(true);
      }
    };
    socket.onmessage = (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      heard(frame);
    };
    socket.onclose = () => {
      socket = null;
      if (over) return;
      status(texts.reconnecting);
      enable(false); // a move pressed now would be lost: wait for the socket
      main.dataset.connected = "false";
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    };
  }

  function heard(frame) {
    if (frame.t === "table") {
      if (!frame.snapshot && last !== null && frame.v <= last) return; // never twice
      last = frame.v;
      draw(frame);
    } else if (frame.t === "refused") {
      const line = $("refused");
      if (line) line.textContent = frame.text;
      else status(frame.text);
      enable(true);
    } else if (frame.t === "bye") {
      over = true;
      status(frame.text);
    }
  }

  function status(text) { $("status").textContent = text; }

  function draw(frame) {
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.key : undefined;
    document.title = frame.title;
    $("title").textContent = frame.title;
    $("you").textContent = frame.you;
    $("table").innerHTML = frame.html.table;
    const handBox = $("hand-box");
    if (handBox) {
      handBox.hidden = !frame.html.hand;
      $("hand").innerHTML = frame.html.hand || "";
    }
    const moves = $("moves");
    if (moves) {
      $("moves-box").hidden = !frame.open; // an ended match's table is read-only
      moves.replaceChildren(...frame.moves.map(control));
      if (!frame.moves.length && frame.open) {
        const none = document.createElement("p");
        none.className = "small";
        none.textContent = texts.nothing;
        moves.append(none);
      }
      $("refused").textContent = "";
    }
    happened(frame);
    skew = frame.now - Date.now() / 1000;
    due = frame.clock ? frame.clock.due : null;
    tick();
    main.dataset.version = String(frame.v);
    main.dataset.connected = "true";
    main.dataset.open = String(frame.open);
    status(frame.open ? texts.live : texts.ended);
    if (focused) {
      const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  function happened(frame) {
    const list = $("happened");
    const lines = frame.happened.map((html) => {
      const item = document.createElement("li");
      item.innerHTML = html;
      return item;
    });
    lines.reverse(); // the newest first, where a reader looks
    if (frame.snapshot) list.replaceChildren(...lines);
    else list.prepend(...lines);
    while (list.children.length > 8) list.lastElementChild.remove();
  }

  function picture(card) {
    const img = document.createElement("img");
    img.className = "card";
    img.src = card.src;
    img.alt = card.alt;
    return img;
  }

  function control(move) {
    if (move.kind === "select") return menu(move);
    const button = document.createElement("button");
    button.type = "button";
    button.className = `move ${move.style}`;
    button.dataset.key = `b:${move.code}`;
    button.dataset.code = move.code;
    if (move.card) button.append(picture(move.card));
    else if (move.emoji) button.append(`${move.emoji} `);
    button.append(move.label);
    button.addEventListener("click", () => play(move.code, move.stamp));
    return button;
  }

  function menu(move) {
    const box = document.createElement("div");
    box.className = "menu";
    const label = document.createElement("label");
    const id = `menu-${move.stamp}-${Math.random().toString(36).slice(2, 8)}`;
    label.htmlFor = id;
    label.textContent = move.placeholder;
    const select = document.createElement("select");
    select.id = id;
    select.dataset.key = `s:${move.placeholder}`;
    for (const option of move.options) {
      const item = document.createElement("option");
      item.value = option.code;
      item.textContent = option.detail ? `${option.label} — ${option.detail}` : option.label;
      select.append(item);
    }
    const go = document.createElement("button");
    go.type = "button";
    go.className = "move primary";
    go.dataset.key = `p:${move.placeholder}`;
    go.textContent = texts.play;
    go.addEventListener("click", () => play(select.value, move.stamp));
    box.append(label, select, go);
    return box;
  }

  function play(code, stamp) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    enable(false);
    socket.send(JSON.stringify({ t: "move", code, stamp }));
  }

  function enable(on) {
    for (const item of document.querySelectorAll("#moves button, #moves select")) {
      item.disabled = !on;
    }
  }

  const now = () => Date.now() / 1000 + skew;
  const relative = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  function tick() {
    const clock = $("clock");
    if (due === null || main.dataset.open === "false") {
      clock.hidden = true;
    } else {
      const left = Math.max(0, Math.round(due - now()));
      const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      clock.textContent = texts.clock.replace("{time}", time);
      clock.hidden = false;
    }
    for (const stamp of document.querySelectorAll('time.ts[data-s="R"]')) {
      const seconds = Number(stamp.dataset.t) - now();
      const [value, unit] = Math.abs(seconds) < 60 ? [seconds, "second"]
        : Math.abs(seconds) < 3600 ? [seconds / 60, "minute"]
        : Math.abs(seconds) < 86400 ? [seconds / 3600, "hour"] : [seconds / 86400, "day"];
      stamp.textContent = relative.format(Math.round(value), unit);
    }
  }
  setInterval(tick, 1000);
  connect();
})();
