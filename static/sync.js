// Keeping a live page in step with the game. The event stream is the one
// way the page learns the game: each message is the whole live part or the
// parts changed since the version the page shows, applied in order. A form
// post only says whether it was taken (its new version) or why not; the
// change itself comes by the stream, to this phone as to every other.
//
// The page is in one of four states (#live[data-sync]): live, sending (a
// post on its way), catching-up (fetching the whole live part after missed
// messages) or offline.
(function () {
  "use strict";
  var L = window.Lantern, live = document.getElementById("live");
  if (!live || !live.dataset.events) return;
  var conn = document.getElementById("conn"), toast = document.getElementById("toast");
  var version = parseInt(live.dataset.version || "0", 10); // what the page shows
  var source = null, queue = []; // the EventSource, and its messages not yet applied
  var stale = false, catching = false; // messages were missed; the whole live part is being fetched
  var typingTimer = 0, leaving = false; // messages wait while a field is typed in; the page is left
  var awaited = 0, sent = null; // the version this phone's last accepted post made; the form sent
  var taps = [], stepping = false; // steps tapped while a step's post was on its way
  var streamQuiet = 3000;   // how long a change this phone made may take to come

  function setState(s) {
    live.dataset.sync = s;
    var off = s === "offline";
    if (conn && conn.hidden === off) { conn.hidden = !off; L.headerFit(); }
  }

  // The stream carries this phone's own view (?view=html): the whole live
  // part when it connects (nothing when the page shows that version, v=),
  // then the parts that change.
  function connect() {
    if (source) source.close();
    var url = live.dataset.events;
    source = new EventSource(url + (url.indexOf("?") >= 0 ? "&" : "?") + "v=" + version);
    source.addEventListener("html", function (e) {
      try { queue.push(JSON.parse(e.data)); } catch (err) { return; }
      if (live.dataset.sync === "offline") setState("live");
      apply();
    });
    // A page whose stream carries only version numbers (the seat-moving QR
    // page) fetches its live part when the game moves on.
    source.addEventListener("version", function (e) { if (parseInt(e.data, 10) > version) { stale = true; apply(); } });
    // The seat moved to another phone: the page says so after a reload.
    source.addEventListener("gone", function () { source.close(); location.reload(); });
    // Too many pages of this seat or address are open: this, the oldest,
    // stops following the game until it is looked at again.
    source.addEventListener("closed", function () { source.close(); setState("offline"); });
    // The group plays again: the page is rendered anew with the way to it,
    // unless it shows it already or is on its way there.
    source.addEventListener("next", function (e) {
      var shown = document.getElementById("next-game"), m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (!leaving && (!shown || shown.dataset.code !== m.code)) location.reload();
    });
    source.onopen = function () {
      live.dataset.stream = "open";
      if (live.dataset.sync === "offline") setState("live");
      if (stale) apply();
    };
    source.onerror = function () {
      live.dataset.stream = "closed";
      setState("offline");
      // The browser retries by itself; a closed stream (server restart,
      // network change, a refused one) is reopened by hand.
      if (source.readyState === 2) { stale = true; setTimeout(connect, 2000); }
    };
  }

  // apply is the reducer: the stream's messages, in order. One that doesn't follow
  // from what the page shows means some were missed (stale): one fetch of the whole
  // live part catches up. While a field is typed in, everything waits.
  function apply() {
    clearTimeout(typingTimer);
    if (catching) return;
    if ((stale || queue.length) && L.swap.typing()) { typingTimer = setTimeout(apply, L.swap.typingLeft()); return; }
    if (stale) { catchUp(); return; }
    while (queue.length) {
      var m = queue.shift();
      if (m.v <= version) continue;
      // The form sent is drawn as the server has it: its change supersedes it.
      var skip = sent && document.contains(sent) ? sent : null;
      if (typeof m.full === "string") L.swap.full(m.full, m.v, skip);
      else if (!(m.parts && m.base === version && L.swap.parts(m.parts, m.v, skip))) { queue = []; catchUp(); return; }
      version = m.v;
      if (sent && m.v >= awaited && !sending.has(sent)) sent = null;
    }
    nextTap();
  }

  // catchUp fetches the whole live part: the way back after missed
  // messages, an unanswered post or a dropped stream.
  function catchUp() {
    stale = false;
    catching = true;
    setState("catching-up");
    L.request(live.dataset.fragment, {}, "text").then(function (got) {
      var r = got[0];
      if (r.status === 403 || r.status === 404) { location.reload(); return; }
      // The page's live part moved elsewhere (a seat-moving code was used).
      if (r.redirected) { location.assign(r.url); return; }
      if (!r.ok) throw new Error("catch-up answered " + r.status);
      // The stream may have shown a newer version meanwhile.
      var v = parseInt(r.headers.get("X-Lantern-Version") || "-1", 10);
      if (v >= version) { version = v; L.swap.full(got[1], v, null); }
      catching = false;
      setState("live");
      apply();
    }).catch(function () {
      catching = false;
      stale = true; // asked again once the stream is back, not over and over offline
      setState("offline");
    });
  }

  // Forms post without a reload. A step, or a card picked into the hand, shows at once and
  // is drawn before the post leaves (a fetch holds a slow phone's thread for a frame).
  var sending = new WeakSet();
  live.addEventListener("submit", function (e) {
    var form = e.target, button = e.submitter, step = !!form.closest(".trait");
    if (form.hasAttribute("data-plain") || (form.method || "").toLowerCase() !== "post") return;
    e.preventDefault();
    // A quick second tap on a trait (+ +) is a second step, sent once this phone's
    // last change is on the page: the game refuses a step from an older version.
    if (step && button && (stepping || awaited > version)) { taps.push([L.swap.formKey(form), button.name, button.value]); return; }
    if (sending.has(form)) return; // a second tap sends nothing
    var data = new URLSearchParams(new FormData(form));
    if (button && button.name) data.append(button.name, button.value);
    // A field still focused is done with: the keyboard goes down.
    var field = document.activeElement;
    if (field && form.contains(field) && /^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) field.blur();
    var undo = L.swap.preview(form, button);
    function refused() { if (undo) undo(); taps = []; if (sent === form) sent = null; }
    var greyed = undo ? [] : Array.prototype.slice.call(form.querySelectorAll("button"));
    greyed.forEach(function (b) { b.disabled = true; });
    sending.add(form);
    sent = form;
    if (step) stepping = true;
    setState("sending");
    (undo ? drawn() : Promise.resolve()).then(function () {
      return L.request(form.action, { method: "POST", body: data }, "json");
    }).then(function (got) {
      var r = got[0], body = got[1];
      if (r.ok && typeof body.version === "number") {
        awaited = body.version;
        if (awaited <= version && sent === form) sent = null; // its change is on the page already
        if (L.feel) L.feel(form);
        // The stream brings the change; one that is down can't, and one gone quiet (a
        // Wi-Fi roam can leave it looking open) is opened again if the change doesn't come.
        if (live.dataset.stream !== "open") stale = true;
        else setTimeout(function () { if (version < awaited) connect(); }, streamQuiet);
        return;
      }
      refused();
      L.swap.refusal(body.error, r.status);
      // A 5xx: the game may or may not have taken it. An answer without a
      // reason (or a 2xx without its version): the page is fetched again.
      if (r.status >= 500 || !body.error) stale = true;
    }).catch(function (err) {
      refused();
      if (err && err.name === "AbortError") { stale = true; return; } // unanswered: it may have reached the game
      // The tap didn't reach the game: said long enough to read, to tap again.
      setState("offline");
      L.showToast(toast && toast.getAttribute("data-not-sent"), 8000);
    }).finally(function () {
      sending.delete(form);
      if (step) stepping = false;
      greyed.forEach(function (b) { b.disabled = false; });
      if (live.dataset.sync === "sending") setState(catching ? "catching-up" : "live");
      apply();
    });
  });

  // nextTap sends the first step tapped while the last was on its way, once
  // the page shows that one (on the button that now does the same).
  function nextTap() {
    if (!taps.length || stepping || awaited > version) return;
    var tap = taps.shift(), button = L.swap.buttonLike(tap[0], tap[1], tap[2]);
    if (!button || button.disabled) { taps = []; return; } // the trait can't be stepped any more
    if (button.getAttribute("aria-pressed") === "true") { nextTap(); return; } // set there already
    button.click();
  }

  // drawn resolves once the next frame is drawn (at most 100 ms: WebKit under a virtual display draws none).
  function drawn() {
    return new Promise(function (done) { requestAnimationFrame(function () { setTimeout(done, 0); }); setTimeout(done, 100); });
  }

  addEventListener("beforeunload", function () { leaving = true; });
  addEventListener("pageshow", function () { leaving = false; });
  // A phone that slept may hold a dead stream: a new one catches it up.
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") connect(); });
  addEventListener("online", connect);
  // Leaving the fields shows what came meanwhile.
  document.addEventListener("focusout", function () { setTimeout(apply, 0); });

  setState("live");
  connect();
})();
