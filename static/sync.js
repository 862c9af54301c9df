// Keeping a live page in step with the game. The event stream is the one
// way the page learns the game: each message is the whole live part or the
// parts changed since the version the page shows, applied in order. A form
// post only says whether it was taken (its new version) or why not; the
// change itself comes by the stream, to this phone as to every other.
//
// The page is in one of four states (#live[data-sync]): live, sending (a
// post on its way), catching up (fetching the whole live part after missed
// messages) or offline.
(function () {
  "use strict";
  var L = window.Lantern, live = document.getElementById("live");
  if (!live || !live.dataset.events) return;
  var conn = document.getElementById("conn"), toast = document.getElementById("toast");
  var version = parseInt(live.dataset.version || "0", 10);
  var queue = [], source = null, stale = false, catching = false, waitTimer = 0, leaving = false;
  // awaited is the version the last accepted post made; sent its form,
  // whose fields that version's HTML supersedes.
  var awaited = 0, sent = null;
  // taps are steps tapped while the last step was on its way ([form key,
  // button name, value]); stepping is true while a step's post is.
  var taps = [], stepping = false;
  // answerWait bounds every request: a Wi-Fi gone quiet must not hold a
  // form or the page.
  var answerWait = 10000;
  // streamQuiet is how long the stream may take to bring a change this
  // phone made before it is opened again.
  var streamQuiet = 3000;

  function setState(s) {
    live.dataset.sync = s;
    var off = s === "offline";
    if (conn && conn.hidden === off) { conn.hidden = !off; L.headerFit(); }
  }

  // apply takes the stream's messages in order. A message that doesn't
  // follow from what the page shows means some were missed: one fetch of
  // the whole live part catches up. While a field is typed in, they wait.
  function apply() {
    clearTimeout(waitTimer);
    if (catching) return;
    if (stale) { catchUp(); return; }
    if (queue.length && L.swap.typing()) { waitTimer = setTimeout(apply, L.swap.typingLeft()); return; }
    while (queue.length) {
      var m = queue.shift();
      if (m.v <= version) continue;
      var skip = m.v >= awaited && sent && document.contains(sent) ? sent : null;
      if (typeof m.full === "string") L.swap.full(m.full, m.v, skip);
      else if (!(m.parts && m.base === version && L.swap.parts(m.parts, m.v, skip))) { queue = []; catchUp(); return; }
      version = m.v;
      if (skip) sent = null;
    }
    nextTap();
  }

  // nextTap sends the first step tapped while the last was on its way, once
  // the page shows that one (on the button that now does the same).
  function nextTap() {
    if (!taps.length || stepping || awaited > version) return;
    var tap = taps.shift(), button = L.swap.buttonLike(tap[0], tap[1], tap[2]);
    if (!button || button.disabled) { taps = []; return; } // the trait can't be stepped so any more
    if (button.getAttribute("aria-pressed") === "true") { nextTap(); return; } // set there already
    button.click();
  }

  // catchUp fetches the whole live part: the way back after missed
  // messages, a lost answer or a dropped stream.
  function catchUp() {
    if (catching) return;
    if (L.swap.typing()) { stale = true; waitTimer = setTimeout(apply, L.swap.typingLeft()); return; }
    stale = false;
    catching = true;
    setState("catching-up");
    timed(live.dataset.fragment, { headers: { "X-Lantern": "fetch" }, credentials: "same-origin" }, function (r) { return r.text(); }).then(function (got) {
      var r = got[0], html = got[1];
      if (r.status === 403 || r.status === 404) { location.reload(); return; }
      // The page's live part moved elsewhere (a seat-moving code was used).
      if (r.redirected) { location.assign(r.url); return; }
      if (!r.ok) throw new Error("catch-up answered " + r.status);
      // The stream may have shown a newer version meanwhile.
      var v = parseInt(r.headers.get("X-Lantern-Version") || "-1", 10);
      if (v >= version) { version = v; L.swap.full(html, version, null); }
      catching = false;
      setState("live");
      apply();
    }).catch(function () {
      // Asked again once the stream is back, not over and over offline.
      catching = false;
      stale = true;
      setState("offline");
    });
  }

  // The stream carries this phone's own view (?view=html): the whole live
  // part when it connects (nothing when the page shows that version, v=),
  // then the parts that change.
  function connect() {
    if (source) source.close();
    var url = live.dataset.events;
    source = new EventSource(url + (url.indexOf("?") >= 0 ? "&" : "?") + "v=" + version);
    source.addEventListener("html", function (e) {
      var m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (live.dataset.sync === "offline") setState("live");
      queue.push(m);
      apply();
    });
    // A page whose stream carries only version numbers (the seat-moving
    // QR page) fetches its live part when the game moves on.
    source.addEventListener("version", function (e) { if (parseInt(e.data, 10) > version) catchUp(); });
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
      if (stale) catchUp();
    };
    source.onerror = function () {
      live.dataset.stream = "closed";
      setState("offline");
      // The browser retries by itself; a closed stream (server restart,
      // network change, a refused one) is reopened by hand.
      if (source.readyState === 2) { setTimeout(connect, 2000); stale = true; }
    };
  }
  addEventListener("beforeunload", function () { leaving = true; });
  addEventListener("pageshow", function () { leaving = false; });
  // A phone that slept may hold a dead stream: a new one catches it up.
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") connect(); });
  window.addEventListener("online", connect);
  // Leaving the fields shows what came meanwhile.
  document.addEventListener("focusout", function () { setTimeout(apply, 0); });

  // drawn resolves once the next frame is drawn (or after 100 ms, for a
  // browser that draws none, as WebKit under a virtual display).
  function drawn() {
    return new Promise(function (done) { requestAnimationFrame(function () { setTimeout(done, 0); }); setTimeout(done, 100); });
  }

  // timed is fetch and read (the answer's body), given up and aborted
  // after answerWait: a Wi-Fi gone quiet midway through a body too. It
  // resolves with [response, body].
  function timed(url, opts, read) {
    var ctl = new AbortController(), timer = setTimeout(function () { ctl.abort(); }, answerWait);
    opts.signal = ctl.signal;
    return fetch(url, opts).then(function (r) {
      return read(r).then(function (body) { return [r, body]; });
    }).finally(function () { clearTimeout(timer); });
  }

  // Forms post without a reload. A step, or a card picked into the hand,
  // shows at once and is drawn before the post leaves (a fetch call holds
  // a slow phone's thread for a frame).
  var sending = new WeakSet();
  live.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.hasAttribute("data-plain") || (form.method || "").toLowerCase() !== "post") return;
    e.preventDefault();
    // A quick second tap on a trait (+ +) is a second step. The game
    // refuses a step made from an older version of the seat, so it waits
    // until this phone's last change is on the page, then goes from there.
    if (form.closest(".trait") && e.submitter && (stepping || awaited > version)) {
      taps.push([L.swap.formKey(form), e.submitter.name, e.submitter.value]);
      return;
    }
    if (sending.has(form)) return; // a second tap sends nothing
    var data = new FormData(form);
    if (e.submitter && e.submitter.name) data.append(e.submitter.name, e.submitter.value);
    // A field still focused is done with: the keyboard goes down.
    var field = document.activeElement;
    if (field && form.contains(field) && /^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) field.blur();
    var undo = null;
    try { undo = L.swap.preview(form, e.submitter); } catch (err) { /* the stream shows the step */ }
    // A tap shown at once keeps its look; other forms grey out.
    var greyed = undo ? [] : Array.prototype.slice.call(form.querySelectorAll("button"));
    greyed.forEach(function (b) { b.disabled = true; });
    sending.add(form);
    var step = !!form.closest(".trait");
    if (step) stepping = true;
    setState("sending");
    (undo ? drawn() : Promise.resolve()).then(function () {
      return timed(form.action, {
        method: "POST", body: new URLSearchParams(data), credentials: "same-origin",
        headers: { "X-Lantern": "fetch", "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" }
      }, function (r) { return r.json().catch(function () { return {}; }); });
    }).then(function (got) {
      var r = got[0], body = got[1];
      if (r.ok) {
        awaited = body.version;
        sent = awaited > version ? form : null;
        if (L.feel) L.feel(form);
        // The stream brings the change; a stream that is down can't, and
        // one gone quiet (a Wi-Fi roam can leave it looking open) is
        // opened again when the change hasn't come in a while.
        if (live.dataset.stream !== "open") stale = true;
        else setTimeout(function () { if (version < awaited) connect(); }, streamQuiet);
        return;
      }
      if (undo) undo();
      taps = [];
      L.swap.refusal(body.error, r.status);
      // A 5xx: the game may or may not have taken it. An answer without a
      // reason: the page is fetched again, as the game has it.
      if (r.status >= 500 || !body.error) stale = true;
    }).catch(function (err) {
      if (undo) undo();
      taps = [];
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

  setState("live");
  connect();
})();
