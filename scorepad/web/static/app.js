// scorepad's phone page: live updates and answers without reloading. Without this script the page's plain forms
// still work (each answer reloads the page). Served by scorepad itself: nothing here comes from the internet.
"use strict";
(function () {
  const pad = document.getElementById("pad");
  const offline = document.getElementById("offline");
  let shown = Number(document.body.dataset.version);
  let revision = null;  // the server's count of changes that are no new version (a trade waiting for a yes)
  let loading = null;
  let live = false;  // the stream is open: what "Reconnecting…" says, whatever a page fetch did meanwhile
  let again = false;  // a change heard while the pad was being fetched: fetch it once more after
  // Answers the server refused, by question: what was sent and why not. Shown (the text kept in its box) through
  // every redraw until the player acts on it: types, sends again, or dismisses it. Never dropped unsaid.
  const refused = new Map();

  function version() { return Number(pad.firstElementChild && pad.firstElementChild.dataset.version); }

  // Swap in the pad as the server renders it now, keeping an answer being typed (same question, same text).
  async function refresh() {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        let response;
        try {
          response = await fetch("/pad", {credentials: "same-origin", cache: "no-store"});
        } catch (lost) {  // no network just now: try again soon (and when the browser says it is back)
          offline.hidden = false;
          setTimeout(refresh, 2000);
          return;
        }
        if (!response.ok) return;
        if (live) offline.hidden = true;  // a page fetched while the stream is down is not live yet: say so
        const html = await response.text();  // read whole before looking at what is being typed: no await after
        const kept = {};
        for (const input of pad.querySelectorAll("form.question input[name=value]")) {
          if (input.value !== input.defaultValue || input === document.activeElement) {
            kept[input.form.dataset.at] = {value: input.value, focused: input === document.activeElement};
          }
        }
        pad.innerHTML = html;
        for (const form of pad.querySelectorAll("form.question")) {
          const input = form.querySelector("input[name=value]");
          const old = kept[form.dataset.at];
          if (input && old) {
            input.value = old.value;
            if (old.focused) input.focus();
            marked(form, old.value);
          }
        }
        shown = version();
        wire();
        showRefused();
      } finally {
        loading = null;
        if (again) {
          again = false;
          refresh();
        }
      }
    })();
    return loading;
  }

  // An answer's words, with Persian and Arabic-Indic digits as the parser reads them.
  function words(value) {
    const western = value.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06F0))
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
    return western.trim().split(/[\s,]+/).filter(Boolean);
  }

  // The cards of a grid, or the cards to pick, that a kept answer names: tapped again after the pad is redrawn.
  function marked(form, value) {
    const picks = form.querySelector(".picks");
    if (picks) {
      const said = words(value.toLowerCase());
      for (const pick of picks.querySelectorAll(".pick")) {
        pick.setAttribute("aria-pressed", String(said.includes(pick.dataset.word.toLowerCase())));
      }
    }
    const grid = form.querySelector(".cards");
    if (!grid) return;
    const words_ = words(value);
    let wagers = words_.filter((w) => isNaN(Number(w))).length;
    for (const card of grid.querySelectorAll(".card")) {
      if (card.dataset.card === "W") card.classList.toggle("on", wagers-- > 0);
      else card.classList.toggle("on", words_.includes(card.dataset.card));
    }
  }

  // Each refused answer where its player sees it: on its question's form, the text back in its box; or, once the
  // question is no longer open, at the top of the pad with what was sent, until dismissed.
  function showRefused() {
    for (const [at, {value, error, label}] of refused) {
      const form = [...pad.querySelectorAll("form.question")].find((f) => f.dataset.at === at);
      const input = form && form.querySelector("input[name=value]");
      if (form) {
        if (input && value !== "" && input.value === input.defaultValue) input.value = value;
        say(form, error);
        continue;
      }
      const line = document.createElement("div");
      line.className = "error unrecorded";
      line.setAttribute("role", "alert");
      const text = document.createElement("p");
      const sent = document.body.dataset.notRecorded.replace("{label}", label).replace("{value}", value);
      text.textContent = error + " " + sent;  // as text: never markup
      const dismiss = document.createElement("button");
      dismiss.type = "button";
      dismiss.className = "secondary";
      dismiss.textContent = document.body.dataset.dismiss;
      dismiss.addEventListener("click", () => { refused.delete(at); line.remove(); });
      line.append(text, dismiss);
      (pad.firstElementChild || pad).prepend(line);
    }
  }

  function say(form, text) {
    let line = form.querySelector(".error");
    if (!line) {
      line = document.createElement("p");
      line.className = "error";
      line.setAttribute("role", "alert");
      form.appendChild(line);
    }
    line.textContent = text;  // the server's sentence, as text: never markup
  }

  // A line the server said of an answer taken (what an undo took back), at the top of the pad until the next redraw.
  function note(text) {
    const line = document.createElement("p");
    line.className = "note";
    line.setAttribute("role", "status");
    line.textContent = text;  // as text: never markup
    (pad.firstElementChild || pad).prepend(line);
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
    });
    let data = {};
    try { data = await response.json(); } catch (e) { /* an empty or odd answer: the refresh shows the state */ }
    return {status: response.status, data};
  }

  function wire() {
    for (const form of pad.querySelectorAll("form[data-api]")) {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const fields = new FormData(form);
        if (event.submitter && event.submitter.name) fields.set(event.submitter.name, event.submitter.value);
        const body = {};
        if (form.dataset.api === "/api/seat") body.player = fields.get("player") || null;
        if (form.dataset.api === "/api/confirm") body.accept = fields.get("accept") === "1";
        if (fields.has("id")) body.id = fields.get("id");
        if (fields.has("at")) body.at = JSON.parse(fields.get("at"));
        if (fields.has("value")) body.value = fields.get("value");
        if (fields.has("version")) body.version = Number(fields.get("version"));
        // Buttons the server drew disabled (a card another player holds) stay so whatever the answer.
        const enabled = [...form.querySelectorAll("button")].filter((button) => !button.disabled);
        for (const button of enabled) button.disabled = true;
        const key = form.dataset.at;
        if (key) refused.delete(key);  // sent again: the old refusal is answered
        try {
          let {status, data} = await post(form.dataset.api, body);
          // "Trading done" while a trade still waits for a yes: the server asks first; the player decides.
          if (status === 409 && data.ask && window.confirm(data.error)) {
            body.anyway = true;
            ({status, data} = await post(form.dataset.api, body));
          }
          const input = form.querySelector("input[name=value]");
          if (status === 200 || status === 202) {
            if (input) input.value = input.defaultValue = "";
            await refresh();
            if (data.message) note(data.message);  // what an undo took back, what a fix changed
          } else if (status === 409 && data.ask) {
            await refresh();  // the player chose to keep trading: nothing to say
          } else {
            // Refused: the player sees why, and what they sent stays in its box, until they act on it.
            if (key && body.value !== undefined) {
              const label = form.querySelector("label");
              refused.set(key, {value: body.value, error: data.error || String(status),
                                label: label ? label.textContent.trim().replace(/[:：]$/, "") : ""});
            }
            if (status === 409 || !key) await refresh();
            if (key) showRefused();
            else say(form, data.error || String(status));
          }
        } finally {
          for (const button of enabled) button.disabled = false;
        }
      });
    }
    // A grid of cards (Lost Cities): each tap writes the expedition as it is typed ("w w 3 5 9 10").
    for (const grid of pad.querySelectorAll(".cards")) {
      const input = grid.closest("form").querySelector("input[name=value]");
      for (const card of grid.querySelectorAll(".card")) {
        card.addEventListener("click", () => {
          card.classList.toggle("on");
          const chosen = [...grid.querySelectorAll(".card.on")].map((c) => c.dataset.card);
          const wagers = chosen.filter((c) => c === "W").map(() => grid.dataset.wager);
          const numbers = chosen.filter((c) => c !== "W").map(Number).sort((a, b) => a - b);
          input.value = [...wagers, ...numbers].join(" ");
          input.dispatchEvent(new Event("input"));
        });
      }
    }
    // Cards to pick (Next Station: London's objectives): each tap writes the words of those picked, or "none".
    for (const picks of pad.querySelectorAll(".picks")) {
      const input = picks.closest("form").querySelector("input[name=value]");
      for (const pick of picks.querySelectorAll(".pick")) {
        pick.addEventListener("click", () => {  // each tap adds or removes its card's word, keeping what was typed
          const none = picks.dataset.none.toLowerCase();
          const said = words(input.value).filter((w) => w.toLowerCase() !== none);
          const word = pick.dataset.word;
          const kept = said.filter((w) => w.toLowerCase() !== word.toLowerCase());
          const on = kept.length === said.length;
          pick.setAttribute("aria-pressed", String(on));
          const chosen = on ? [...kept, word] : kept;
          input.value = chosen.length ? chosen.join(" ") : picks.dataset.none;
          input.dispatchEvent(new Event("input"));
        });
      }
    }
    for (const form of pad.querySelectorAll("form.question")) {
      const input = form.querySelector("input[name=value]");
      const preview = form.querySelector(".preview");
      if (!input || !preview) continue;
      let timer = null;
      input.addEventListener("input", () => {
        if (refused.delete(form.dataset.at)) {  // the player acts on a refused answer: its line goes
          const line = form.querySelector(".error");
          if (line) line.remove();
        }
        clearTimeout(timer);
        timer = setTimeout(async () => {
          if (!input.value.trim() && !form.querySelector(".cards")) { preview.textContent = ""; return; }
          const {status, data} = await post("/api/check", {at: JSON.parse(form.dataset.at), value: input.value});
          preview.textContent = status === 200 ? (data.echo || "") : (data.error || "");
          preview.classList.toggle("refused", status !== 200);
        }, 150);
      });
    }
  }

  // Live: one event each time the session changes. The browser's own retry gives up for good once a server
  // answers anything but a stream (a host restarting, a proxy's error page), and a phone that slept may keep a
  // dead connection: so the page opens a new stream itself, again and again (never giving up), and at
  // once when the phone wakes (visibilitychange, pageshow) or its Wi-Fi is back (online).
  let events = null;
  let retry = null;
  let delay = 1000;  // ms before the next try; doubled up to 10 s while the server stays away
  let opened = false;  // a stream was open once: each later one may find the session changed
  function listen() {
    clearTimeout(retry);
    retry = null;
    if (events) events.close();
    events = new EventSource("/api/events");
    events.onopen = () => {  // opened again (a restarted host, a phone awake): what changed meanwhile is fetched
      delay = 1000;
      live = true;
      offline.hidden = true;
      if (opened) refresh();
      opened = true;
    };
    events.onmessage = (message) => {
      live = true;
      offline.hidden = true;
      const data = JSON.parse(message.data);
      const poked = revision !== null && data.revision !== revision;
      revision = data.revision;
      if (data.version !== shown || poked) refresh();
    };
    events.onerror = () => {
      live = false;
      offline.hidden = false;
      if (events.readyState !== EventSource.CLOSED || retry) return;  // the browser tries again by itself
      retry = setTimeout(() => { listen(); refresh(); }, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  // A phone that slept may hold a stream that looks open and hears nothing (its connection died meanwhile):
  // waking opens a new one whatever the old one's state, and fetches what changed.
  function wake() {
    if (document.hidden) return;
    listen();
    refresh();
  }
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("pageshow", (event) => { if (event.persisted) wake(); });  // back from the page cache
  window.addEventListener("online", wake);

  shown = version();
  wire();
  listen();
})();
