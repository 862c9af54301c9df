// Lantern's own script. Pages work without it; it adds live updates (SSE),
// form posts without a reload, and a visible "reconnecting" state.
(function () {
  "use strict";

  // The search box in the header lists matches as you type; without the
  // script it submits to the /search page.
  function instantSearch() {
    var q = document.getElementById("q"), list = document.getElementById("qresults");
    if (!q || !list) return;
    var timer = 0, seq = 0;
    q.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var mine = ++seq, text = q.value.trim();
        if (!text) { list.hidden = true; return; }
        fetch("/api/search?q=" + encodeURIComponent(text), { credentials: "same-origin" })
          .then(function (r) { return r.json(); })
          .then(function (body) {
            if (mine !== seq) return;
            list.innerHTML = "";
            // The first answer shows whole; the others by their titles.
            (body.results || []).forEach(function (res, i) {
              var li = document.createElement("li"), a = document.createElement("a");
              a.href = res.url; a.textContent = res.title;
              var from = document.createElement("span"); from.className = "hint"; from.textContent = " " + res.source;
              li.appendChild(a); li.appendChild(from);
              if (i === 0) { var text = document.createElement("p"); text.className = "snippet"; text.textContent = res.text; li.appendChild(text); }
              list.appendChild(li);
            });
            list.hidden = !(body.results || []).length;
          }).catch(function () { list.hidden = true; });
      }, 120);
    });
    q.addEventListener("keydown", function (e) { if (e.key === "Escape") list.hidden = true; });
    document.addEventListener("click", function (e) { if (!list.contains(e.target) && e.target !== q) list.hidden = true; });
  }
  // With large text the header can take a good part of the screen: then it
  // scrolls away with the page (and the reconnecting banner floats instead).
  function headerFit() {
    var bar = document.querySelector("header.bar");
    if (!bar) return;
    bar.classList.remove("tall");
    bar.classList.toggle("tall", bar.offsetHeight > window.innerHeight * 0.22);
  }
  var live = document.getElementById("live");
  var conn = document.getElementById("conn");
  var toast = document.getElementById("toast");
  instantSearch();
  headerFit();
  // A required choice left empty (the omen's room): the browser points at
  // the field, but may leave it under the sticky header or the now bar.
  // The first invalid field of a submit is brought to the middle first,
  // so the browser's note shows beside it.
  var invalidShown = false;
  document.addEventListener("invalid", function (e) {
    if (invalidShown) return;
    invalidShown = true;
    setTimeout(function () { invalidShown = false; }, 0);
    var el = e.target.closest("fieldset, label") || e.target;
    el.scrollIntoView({ block: "center" });
  }, true);
  window.addEventListener("resize", headerFit);
  if (!live) return;
  var eventsURL = live.dataset.events;
  var fragmentURL = live.dataset.fragment;
  var version = parseInt(live.dataset.version || "0", 10);
  var pending = false, busy = false, stale = false, source = null, toastTimer = 0;
  // announced is the newest version the event stream has told of; queue
  // holds its messages not yet shown (while a field has the focus).
  var announced = version, queue = [];
  // streamName names this page's stream, so the server answers the page's
  // own form posts with what changed since that stream's last message.
  function newStreamName() { return Math.random().toString(36).slice(2) + Date.now().toString(36); }
  var streamName = newStreamName();

  function showToast(text, ms) {
    if (!toast || !text) return;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, ms || 4000);
  }

  // swap replaces the live part of the page with fresh server HTML, keeping
  // the scroll position and whatever the person is typing.
  // swap puts fresh server HTML in place of the live part. Whatever the
  // person was doing elsewhere on the page survives it: fields they changed,
  // open <details>, and the focused field. skip is the form just submitted,
  // whose answer is the new truth.
  function swap(html, newVersion, skip) {
    var y = window.scrollY;
    var kept = keepState([live], skip);
    unseen = {};
    delete live.dataset.held;
    live.innerHTML = html;
    restoreState(kept);
    if (newVersion >= 0) version = newVersion;
    live.dataset.version = String(version); // what the page shows (tests wait for it)
    return afterSwap(y);
  }

  // swapParts puts the parts a stream message carries in place of the same
  // parts of the page (views/parts.go); the rest stays as it is, only its
  // version fields move on. Like swap, it keeps what the person is doing.
  //
  // A part no one can see now (sheets that are closed, a section not
  // shown) is put in place only after the frame that shows the rest: on a
  // slow phone, parsing it first would hold that frame back.
  function swapParts(parts, newVersion, skip) {
    var y = window.scrollY;
    var byKey = partsByKey();
    if (!parts.every(function (p) { return byKey[p[0]]; })) return false;
    var now = parts.filter(function (p) {
      delete unseen[p[0]];
      // The part of the form just sent is the answer the person waits for.
      if (!hidden(byKey[p[0]]) || (skip && byKey[p[0]].contains(skip))) return true;
      unseen[p[0]] = p[1];
      return false;
    });
    var kept = keepState(now.map(function (p) { return byKey[p[0]]; }), skip || null);
    // A refusal shown earlier belongs to an older version.
    live.querySelectorAll(".error[role=alert]").forEach(function (el) { el.remove(); });
    now.forEach(function (p) { byKey[p[0]].innerHTML = p[1]; });
    live.querySelectorAll("input[type=hidden][name=version]").forEach(function (el) { el.value = String(newVersion); });
    restoreState(kept);
    version = newVersion;
    live.dataset.version = String(version);
    lastBuzz = afterSwap(y);
    var held = Object.keys(unseen).length;
    if (held) {
      live.dataset.held = String(held); // parts behind the version shown (tests wait for none)
      // Counted from the first held: updates in a row don't put them off.
      if (!unseenTimer) unseenTimer = setTimeout(showUnseen, unseenDelay);
    }
    return true;
  }
  var lastBuzz = false; // whether the last swapParts buzzed
  var unseen = {}; // key → the newest HTML of a part not yet put in place
  // unseenDelay leaves a slow phone the time to draw what it shows first.
  var unseenTimer = 0, unseenDelay = 150;

  function partsByKey() {
    var byKey = {};
    live.querySelectorAll("[data-part]").forEach(function (el) { byKey[el.getAttribute("data-part")] = el; });
    return byKey;
  }
  // hidden: the part is only closed sheets, or lies in a section not shown
  // (phone.js); nothing here asks the browser for its layout. The open
  // sheet is the one phone.js names on <html> (fresh HTML has none open
  // until phone.js opens it again).
  function hidden(part) {
    var kids = part.children, open = document.documentElement.dataset.sheet;
    if (kids.length && Array.prototype.every.call(kids, function (k) { return k.classList.contains("sheet") && !k.classList.contains("open") && k.id !== open; })) return true;
    var sect = part.closest(".sect");
    return !!sect && document.body.hasAttribute("data-tab") && sect.id !== "s-" + document.body.getAttribute("data-tab");
  }
  // showUnseen puts the parts held back in place, at the page's version.
  function showUnseen() {
    clearTimeout(unseenTimer);
    unseenTimer = 0;
    delete live.dataset.held;
    var byKey = partsByKey(), keys = Object.keys(unseen).filter(function (k) { return byKey[k]; });
    if (!keys.length) { unseen = {}; return; }
    var y = window.scrollY;
    var scopes = keys.map(function (k) { return byKey[k]; });
    var kept = keepState(scopes, null);
    keys.forEach(function (k) { byKey[k].innerHTML = unseen[k]; });
    unseen = {};
    within(scopes, "input[type=hidden][name=version]").forEach(function (el) { el.value = String(version); });
    restoreState(kept);
    afterSwap(y);
  }

  // inView: all of el is on the screen, below the header while it stays
  // on top (it scrolls away when it is tall, headerFit).
  function inView(el) {
    var r = el.getBoundingClientRect(), bar = document.querySelector("header.bar");
    var top = bar && !bar.classList.contains("tall") ? bar.getBoundingClientRect().bottom : 0;
    return r.height > 0 && r.top >= top && r.bottom <= window.innerHeight;
  }

  function afterSwap(y) {
    updateOdds();
    window.scrollTo(0, y);
    attention();
    // A refusal the person can't see where it is (scrolled away, or under
    // an open sheet) is told again in the toast; once is enough when it is
    // in view.
    var err = live.querySelector(".error[role=alert]");
    if (err && (document.documentElement.classList.contains("sheet-open") || !inView(err))) showToast(err.textContent);
    return checkBuzz(false);
  }

  // A prompt that asks this phone for something (the haunt roll, a
  // defence, a damage split, a card handed over, the last roll's result)
  // scrolls into view once when it first appears.
  var attended = {};
  live.querySelectorAll("[data-attention]").forEach(function (el) { attended[el.dataset.attention] = true; });
  function attention() {
    var first = null;
    live.querySelectorAll("[data-attention]").forEach(function (el) {
      if (!attended[el.dataset.attention]) {
        attended[el.dataset.attention] = true;
        if (!first) first = el;
      }
    });
    if (first) first.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  // A form is known across swaps by what it acts on: its action and hidden
  // fields (type, seat, trait, card…), numbered when several look alike.
  function formKeys(scopes) {
    var seen = {}, keys = [];
    within(scopes, "form").forEach(function (f) {
      var k = f.getAttribute("action") || "";
      f.querySelectorAll("input[type=hidden]").forEach(function (h) {
        if (h.name !== "version") k += "|" + h.name + "=" + h.value;
      });
      seen[k] = (seen[k] || 0) + 1;
      keys.push([f, k + "#" + seen[k]]);
    });
    return keys;
  }
  function fieldKey(el) { return el.name + "=" + (el.type === "checkbox" || el.type === "radio" ? el.value : ""); }
  function changed(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
    }
    return el.value !== el.defaultValue;
  }
  // within is every element matching sel in scopes (elements of the page:
  // the live part, or the parts an update replaces), in order.
  function within(scopes, sel) {
    var out = [];
    scopes.forEach(function (el) { Array.prototype.push.apply(out, el.querySelectorAll(sel)); });
    return out;
  }
  // keepState notes what the person is doing inside scopes (what an update
  // is about to replace), but in skip (the form just submitted).
  function keepState(scopes, skip) {
    var state = { scopes: scopes, forms: {}, open: [], focus: null };
    formKeys(scopes).forEach(function (pair) {
      var f = pair[0], fields = {};
      if (f === skip) return;
      Array.prototype.forEach.call(f.elements, function (el) {
        if (!el.name || el.type === "hidden" || el.type === "submit") return;
        if (changed(el)) fields[fieldKey(el)] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
        if (el === document.activeElement) state.focus = [pair[1], fieldKey(el)];
      });
      state.forms[pair[1]] = fields;
    });
    within(scopes, "details").forEach(function (d, i) {
      var s = d.querySelector("summary");
      if (d.open) state.open.push((s ? s.textContent : "") + "#" + i);
    });
    // A focused link or button (a sheet's close, an explorer's line) and
    // how far a list or sheet was scrolled, when a part replaced them.
    var a = document.activeElement;
    var inScope = a && scopes.some(function (el) { return el.contains(a); });
    if (!state.focus && inScope && /^(A|BUTTON|SUMMARY)$/.test(a.tagName) && !(skip && skip.contains(a))) state.spot = spotOf(a);
    state.scrolls = [];
    within(scopes, scrollers).forEach(function (el) {
      if (el.scrollTop || el.scrollLeft) state.scrolls.push([spotOf(el), el.scrollTop, el.scrollLeft]);
    });
    return state;
  }
  // The live part's elements that scroll on their own (app.css): sheets,
  // the log's list, the haunt chart.
  var scrollers = ".sheet, .log ol, .chart-wrap";

  // spotOf says where an element is, to find it again after a swap
  // (spotted): by its id, else by the nearest id or part around it, its tag,
  // its place among those tags there and what it says (its link, name and
  // value, text): an element that is not the same one is not taken for it.
  function spotOf(el) {
    if (el.id) return { id: el.id };
    var box = el.parentElement && el.parentElement.closest("[id], [data-part]");
    if (box && !live.contains(box)) box = null;
    return {
      boxID: box && box.id, part: box && !box.id ? box.getAttribute("data-part") : null,
      tag: el.tagName, at: Array.prototype.indexOf.call((box || live).getElementsByTagName(el.tagName), el), says: saysOf(el)
    };
  }
  // refocus gives an element back the focus it had; that is no typing.
  function refocus(el) {
    refocusing = true;
    try { el.focus({ preventScroll: true }); } finally { refocusing = false; }
  }
  function saysOf(el) {
    return [el.getAttribute("href"), el.getAttribute("name"), el.getAttribute("value"), el.textContent.trim()].join("\n");
  }
  function spotted(spot) {
    if (spot.id) {
      var byID = document.getElementById(spot.id);
      return byID && live.contains(byID) ? byID : null;
    }
    var scope = live;
    if (spot.boxID) scope = document.getElementById(spot.boxID);
    else if (spot.part) {
      scope = null;
      live.querySelectorAll("[data-part]").forEach(function (p) { if (p.getAttribute("data-part") === spot.part) scope = p; });
    }
    if (!scope || !live.contains(scope)) return null;
    var list = scope.getElementsByTagName(spot.tag);
    if (list[spot.at] && saysOf(list[spot.at]) === spot.says) return list[spot.at];
    for (var i = 0; i < list.length; i++) {
      if (saysOf(list[i]) === spot.says) return list[i];
    }
    return null;
  }
  function restoreState(state) {
    formKeys(state.scopes).forEach(function (pair) {
      var fields = state.forms[pair[1]];
      if (!fields) return;
      Array.prototype.forEach.call(pair[0].elements, function (el) {
        var k = fieldKey(el);
        if (el.name && k in fields) {
          if (el.type === "checkbox" || el.type === "radio") el.checked = fields[k];
          // A choice the new page no longer offers (a seat that died) stays
          // at the new page's default, never blank.
          else if (el.tagName !== "SELECT" || Array.prototype.some.call(el.options, function (o) { return o.value === fields[k]; })) el.value = fields[k];
        }
        if (state.focus && state.focus[0] === pair[1] && state.focus[1] === k) refocus(el);
      });
    });
    within(state.scopes, "details").forEach(function (d, i) {
      var s = d.querySelector("summary");
      if (state.open.indexOf((s ? s.textContent : "") + "#" + i) >= 0) d.open = true;
    });
    // Once the page's own script has shown again what was open (an open
    // sheet is hidden until then: it reacts to the swap in a microtask
    // queued before this one), scroll and focus go back.
    if (!state.spot && !state.scrolls.length) return;
    Promise.resolve().then(function () {
      state.scrolls.forEach(function (sc) {
        var el = spotted(sc[0]);
        // A refusal shown at a sheet's top is read first (phone.js).
        if (el && !el.querySelector(".sheet-error")) { el.scrollTop = sc[1]; el.scrollLeft = sc[2]; }
      });
      var a = document.activeElement;
      if (state.spot && (!a || a === document.body || !document.contains(a))) {
        var el = spotted(state.spot);
        if (el) refocus(el);
      }
    });
  }

  // While a field has the focus (a phone's keyboard is up) and is being
  // typed in, live updates wait until it is left, so nothing jumps under
  // the person's thumb. A field left focused without typing (a keyboard
  // closed with Back leaves it so) holds them no longer than typingPause:
  // the phone must not stay behind the table. What was typed, and the
  // focus, are kept across the update (keepState).
  var typingPause = 5000, typedAt = 0, typingTimer = 0, refocusing = false;
  function typing() {
    var a = document.activeElement;
    // A select counts too: its own part is seldom replaced while its list
    // is open, and one left focused after a choice must not stop updates.
    return !!a && live.contains(a) && (a.tagName === "INPUT" || a.tagName === "SELECT" || a.tagName === "TEXTAREA") && a.type !== "checkbox" && a.type !== "radio" &&
      Date.now() - typedAt < typingPause;
  }
  ["focusin", "input", "change", "keydown"].forEach(function (kind) {
    live.addEventListener(kind, function () { if (!refocusing) typedAt = Date.now(); });
  });
  // mustWait says whether what came must wait, and keeps it for later.
  function mustWait() {
    if (busy) { pending = true; return true; }
    if (typing()) { holdForTyping(); return true; }
    return false;
  }
  // holdForTyping keeps what came for later, and looks again once the
  // typing may have paused.
  function holdForTyping() {
    pending = true;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(function () {
      if (!pending) return;
      if (typing()) holdForTyping(); else settle();
    }, Math.max(100, typingPause - (Date.now() - typedAt)));
  }

  // refresh fetches the whole live part once: the way back after missed
  // stream messages.
  function refresh() {
    if (!fragmentURL || mustWait()) return;
    var failed = false;
    stale = false;
    busy = true;
    queue = [];
    timed(fragmentURL, { headers: { "X-Lantern": "fetch" }, credentials: "same-origin" }, function (r) {
      if (r.status === 403 || r.status === 404) { location.reload(); return; }
      // The page's live part moved elsewhere (a seat-moving code was
      // used): follow it as a whole page.
      if (r.redirected) { location.assign(r.url); return; }
      return r.text().then(function (t) { swap(t, parseInt(r.headers.get("X-Lantern-Version") || "-1", 10), null); });
    })
      .catch(function () {
        // The page still lacks the truth: it asks again once the stream
        // is back (onopen), not at once, over and over, while offline.
        failed = true;
        stale = true;
        setOffline(true);
      })
      .finally(function () {
        busy = false;
        if (!failed) settle();
      });
  }

  // show applies the stream's messages in order: a whole live part, or the
  // changed parts when the page shows the version they were cut from.
  // Anything else means messages were missed, and one fetch catches up.
  function show() {
    if (mustWait()) return;
    pending = false;
    while (queue.length) {
      var m = queue.shift();
      if (m.v <= version) continue; // this phone's own tap already showed it
      if (typeof m.full === "string") { swap(m.full, m.v, null); continue; }
      if (m.parts && m.base === version && swapParts(m.parts, m.v)) continue;
      refresh();
      return;
    }
  }

  // settle runs after a fetch or a post: shows what the stream sent
  // meanwhile.
  function settle() {
    if (stale) { refresh(); return; }
    if (queue.length) show();
    else if (pending && announced > version) { pending = false; refresh(); }
  }

  function setOffline(off) {
    if (!conn || conn.hidden === !off) return;
    conn.hidden = !off;
    headerFit();
  }

  // The stream carries this phone's own view (?view=html): the whole live
  // part when it connects (nothing when the page shows the newest version,
  // told by v=), then only the parts that change.
  function connect() {
    if (!eventsURL) return;
    if (source) source.close();
    var url = eventsURL + (eventsURL.indexOf("?") >= 0 ? "&" : "?") + "v=" + version + "&stream=" + streamName;
    source = sender && holdsStreams ? heldStream(url, ["html", "version", "gone", "closed", "next"]) : new EventSource(url);
    source.addEventListener("html", function (e) {
      setOffline(false);
      var m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      announced = Math.max(announced, m.v);
      queue.push(m);
      show();
    });
    // A page whose stream carries only version numbers (the seat-moving
    // QR page) fetches its live part when the game moves on.
    source.addEventListener("version", function (e) {
      setOffline(false);
      var v = parseInt(e.data, 10);
      announced = Math.max(announced, v);
      if (v > version) refresh();
    });
    // The seat moved to another phone: the page says so after a reload.
    source.addEventListener("gone", function () { source.close(); location.reload(); });
    // Too many pages of this seat (or this address) are open: this, the
    // oldest, stops following the game until it is looked at again.
    source.addEventListener("closed", function () { source.close(); setOffline(true); });
    // The group plays again (a new game, nothing new in this one): the
    // page is rendered anew with the way to it, unless it shows it already.
    // A screen already on its way elsewhere (the table's own Play again
    // posting) is left to go there.
    source.addEventListener("next", function (e) {
      var m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      var shown = document.getElementById("next-game");
      if (!leaving && (!shown || shown.dataset.code !== m.code)) location.reload();
    });
    source.onopen = function () {
      setOffline(false);
      live.dataset.stream = "open";
      if (stale) settle(); // a refresh that failed
    };
    source.onerror = function () {
      setOffline(true);
      live.dataset.stream = "closed";
      // The browser retries on its own; a closed stream (server restart,
      // network change) is reopened by hand.
      // A refused stream (the seat moved to another phone) closes too: the
      // refresh then gets a 403 and reloads to show the explanation.
      if (source.readyState === 2) { setTimeout(connect, 2000); refresh(); } // closed
    };
  }

  // A phone that slept may hold a dead stream: reopen it; its first
  // message catches the page up.
  var leaving = false;
  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !eventsURL) return;
    connect();
  });
  window.addEventListener("online", function () { connect(); });
  document.addEventListener("focusout", function () {
    // Moving from one field to the next keeps waiting; leaving them shows
    // what came meanwhile.
    setTimeout(function () { if (pending && !typing()) settle(); }, 0);
  });

  // preview shows a trait's step or set at once, where the server said
  // where it leads (a step button's data-shows, a cell's own position):
  // the answer then confirms it, or a refusal puts the truth back. The
  // clip moves and the value shows the cell's; nothing is worked out here.
  // It returns what puts the row back when the post never got through, or
  // null when it showed nothing.
  function preview(form, button) {
    var row = form.closest(".trait");
    if (!row || !button) return null;
    var to = button.hasAttribute("data-shows") ? button.getAttribute("data-shows") : button.name === "position" ? button.value : null;
    var cells = row.querySelectorAll(".track .cell");
    var cell = to === null ? null : cells[parseInt(to, 10)];
    if (!cell || cell.classList.contains("on")) return null;
    var was = row.innerHTML;
    cells.forEach(function (c) {
      c.classList.toggle("on", c === cell);
      if (c.hasAttribute("aria-pressed")) c.setAttribute("aria-pressed", String(c === cell));
    });
    var value = row.querySelector(".trait-value");
    if (value) value.textContent = cell.textContent;
    return function () { if (document.contains(row)) row.innerHTML = was; };
  }

  // drawn resolves once the page's next frame is drawn and what waited on
  // that frame has had its turn (the timers set when it began, like a
  // next tap's), or after 100 ms at most (a browser that draws no frames
  // for it, as WebKit under a virtual display).
  function drawn() {
    return new Promise(function (resolve) {
      requestAnimationFrame(function () { setTimeout(function () { setTimeout(resolve, 0); }, 0); });
      setTimeout(resolve, 100);
    });
  }

  // post sends a form's fields, through the sender worker (send.js) where
  // there is one, else from here. It resolves with the answer's status,
  // type, version and text, and fails when the post never got through.
  //
  // An answer that doesn't come within answerWait (a Wi-Fi gone quiet) is
  // given up and its post aborted: the form is free again and the page asks
  // for the truth (lost). A worker that hasn't started by then sent
  // nothing: it is let go, and its taps are "not sent".
  var sender = null, senderReady = false, sends = {}, sendID = 0;
  var notSent = new Error("not sent"), lost = new Error("answer lost");
  var answerWait = window.lanternAnswerWait || 10000; // tests shorten it
  try { if (window.Worker && live.dataset.sender) sender = new Worker(live.dataset.sender); } catch (err) { sender = null; }
  // A page that never taps still needs its stream.
  if (sender) setTimeout(function () { if (sender && !senderReady) letSenderGo(); }, answerWait);
  // letSenderGo lets a worker that failed go; the page sends and holds its
  // stream itself. One that never started (its script missing, say) sent
  // nothing it was given; from one that did, a post may have reached the
  // game: the page then asks for the truth instead.
  function letSenderGo() {
    var dead = sender;
    sender = null;
    try { dead.terminate(); } catch (err) { /* gone already */ }
    Object.keys(sends).forEach(function (id) { sends[id][1](senderReady ? lost : notSent); });
    sends = {};
    if (held) { held = null; connect(); }
  }
  if (sender) {
    sender.onmessage = function (e) {
      var m = e.data;
      if (m.ready) { senderReady = true; return; }
      if (m.stream) { heard(m); return; }
      var waiting = sends[m.id];
      if (!waiting) return;
      delete sends[m.id];
      if (m.failed) waiting[1](notSent); else waiting[0](m);
    };
    sender.onerror = letSenderGo;
  }
  // The stream the sender holds for the page (connect), with the face of
  // an EventSource (one listener a type); heard passes on what the sender
  // heard of it. Each stream is numbered: what an earlier one said, still
  // on its way when the page opened the next, is not this one's.
  var held = null, holdsStreams = true, streamNo = 0;
  function heldStream(url, types) {
    var s = {
      no: ++streamNo, readyState: 0, onopen: null, onerror: null, on: {},
      addEventListener: function (type, fn) { s.on[type] = fn; },
      close: function () {
        s.readyState = 2;
        if (held === s && sender) sender.postMessage({ close: true });
        if (held === s) held = null;
      }
    };
    held = s;
    sender.postMessage({ open: url, no: s.no, types: types });
    return s;
  }
  function heard(m) {
    var s = held;
    if (!s || m.no !== s.no) return;
    if (m.stream === "unheld") { held = null; holdsStreams = false; connect(); return; } // no EventSource in its workers
    if (m.stream === "open") { s.readyState = 1; if (s.onopen) s.onopen(); }
    else if (m.stream === "error") { s.readyState = m.state; if (s.onerror) s.onerror(); }
    else if (s.on[m.type]) s.on[m.type]({ data: m.data, lastEventId: m.id });
  }

  function post(url, body, headers) {
    headers["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    if (sender) {
      var id = ++sendID;
      return new Promise(function (resolve, reject) {
        sends[id] = [resolve, reject];
        sender.postMessage({ id: id, url: url, body: body, headers: headers });
        setTimeout(function () {
          if (!sends[id] || !sender) return;
          if (!senderReady) { letSenderGo(); return; }
          delete sends[id];
          reject(lost);
          sender.postMessage({ abort: id });
        }, answerWait);
      });
    }
    return timed(url, { method: "POST", body: body, credentials: "same-origin", headers: headers }, function (r) {
      return r.text().then(function (text) {
        return { status: r.status, ok: r.ok, text: text, type: r.headers.get("Content-Type") || "", version: r.headers.get("X-Lantern-Version") };
      });
    });
  }

  // timed is fetch(url, opts), its response read by read, given up after
  // answerWait: it then fails with lost, and the fetch is aborted where the
  // browser can (a hung request would hold one of the few connections a
  // page may have open to the server).
  function timed(url, opts, read) {
    var ctl = window.AbortController ? new AbortController() : null, timer = 0;
    if (ctl) opts.signal = ctl.signal;
    return Promise.race([
      fetch(url, opts).then(read),
      new Promise(function (resolve, reject) {
        timer = setTimeout(function () { reject(lost); if (ctl) ctl.abort(); }, answerWait);
      })
    ]).finally(function () { clearTimeout(timer); });
  }

  // Forms post without a reload; the server answers with what changed
  // since this page's stream's last message (the parts, as the stream would
  // send them), or with the fresh live part (a refusal, or no stream).
  // A tap on a link (what opens a sheet or a section) finds the parts held
  // back in place: this runs before phone.js opens it. A tap on a button
  // (a − / +) doesn't wait for them.
  document.addEventListener("click", function (e) {
    if (Object.keys(unseen).length && e.target.closest && e.target.closest("a, summary")) showUnseen();
  }, true);
  // sending holds the forms whose post is on its way.
  var sending = new WeakSet();
  live.addEventListener("submit", function (e) {
    var form = e.target;
    if (!fragmentURL || form.hasAttribute("data-plain") || (form.method || "").toLowerCase() !== "post") return;
    e.preventDefault();
    if (sending.has(form)) return; // a second tap sends nothing
    var data = new FormData(form);
    if (e.submitter && e.submitter.name) data.append(e.submitter.name, e.submitter.value);
    var buttons = form.querySelectorAll("button");
    // A field still focused when its form is sent (Go on the keyboard, or
    // a button tapped on iOS, which leaves it focused) is done with: the
    // keyboard goes down, and the field holds no update back nor gets the
    // focus again (the answer may come by the stream first).
    var field = document.activeElement;
    if (field && form.contains(field) && /^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) field.blur();
    busy = true;
    // Sent first, so the other phones hear of it as soon as can be; the
    // step is shown in this same task, before the next frame.
    var sent = post(form.action, new URLSearchParams(data).toString(), { "X-Lantern": "fetch", "X-Lantern-Stream": streamName });
    var undoPreview = null;
    try { undoPreview = preview(form, e.submitter); } catch (err) { /* the answer shows the step */ }
    sending.add(form);
    // A form whose step shows at once keeps its look: greying its buttons
    // would cost the frame that shows the step. The others' grey out.
    var greyed = undoPreview ? [] : Array.prototype.slice.call(buttons);
    greyed.forEach(function (b) { b.disabled = true; });
    // A step shown at once is drawn before the answer is put in place: on
    // a slow phone the answer can come back before that frame.
    Promise.all([sent, undoPreview ? drawn() : null]).then(function (got) {
      try { answered(got[0]); } catch (err) { catchUp(); } // the page asks for the truth
    }, function (err) {
      if (err === lost) {
        // The post may still reach the game, and its answer would count
        // for this page's stream, which would then skip the change: the
        // page follows a new stream, owed every change after what it shows.
        streamName = newStreamName();
        connect();
        catchUp();
        return;
      }
      // Never dropped without a word: the tap didn't reach the game, so
      // the step shown at once goes back, and the person is told so, long
      // enough to read it, to tap again.
      if (undoPreview) undoPreview();
      setOffline(true);
      showToast(toast && toast.getAttribute("data-not-sent"), 8000);
    }).finally(function () {
      sending.delete(form);
      greyed.forEach(function (b) { b.disabled = false; });
      busy = false;
      // The answer already holds this change; the stream's messages of
      // newer versions are shown now.
      settle();
    });

    // answered puts the post's answer in place.
    function answered(r) {
      var t = r.text;
      if (r.status >= 500) { // the game may or may not have taken it
        showToast(t);
        catchUp();
        return;
      }
      var buzzed;
      if (r.type.indexOf("application/json") === 0) {
        var m = JSON.parse(t);
        buzzed = false;
        announced = Math.max(announced, m.v);
        if (m.v <= version) { /* the stream showed it already */ }
        else if (typeof m.full === "string") buzzed = swap(m.full, m.v, form);
        else if (m.parts && m.base === version && swapParts(m.parts, m.v, form)) buzzed = lastBuzz;
        else pending = true; // settle() catches up
      } else {
        // A refusal keeps what was typed, so it can be corrected.
        buzzed = swap(t, parseInt(r.version || "-1", 10), r.ok ? form : null);
      }
      // Feel it: your dice landed (unless the haunt, or someone, just buzzed).
      if (r.ok && !buzzed) {
        if (isDiceForm(form)) { vibrate([30, 50, 30]); play("dice"); } else vibrate(8);
      }
    }
  });
  // catchUp has the page fetch its live part once it is free (settle):
  // what it shows may not be the game's (a step shown at once whose post
  // went unanswered, an answer that could not be put in place).
  function catchUp() { stale = true; }


  // The roller shows the exact chance of making its target before rolling:
  // the server computed it for every choice its form offers (data-odds:
  // seatview.rollOdds); the script only picks the one the fields name.
  var oddsText = null, odds = null;
  function updateOdds() {
    var form = live.querySelector(".roll-form");
    if (!form) return;
    var trait = form.querySelector(".roll-trait");
    if (form.dataset.odds !== oddsText) {
      oddsText = form.dataset.odds;
      odds = JSON.parse(oddsText || '{"k":{},"p":[]}');
    }
    var mods = [];
    form.querySelectorAll("input[name=modifiers]:checked").forEach(function (m) { mods.push(m.value); });
    var plan = odds.k[(trait.value || "d" + form.dice.value) + "|" + form.purpose.value + "|" + mods.join(",")];
    if (Array.isArray(plan)) plan = form.choose ? plan[form.choose.value] : null;
    plan = plan == null ? null : odds.p[plan];
    var need = form.need.value, chance = plan && /^[1-9][0-9]*$/.test(need) ? plan[1].split(" ")[need] : null;
    var out = form.querySelector("output[name=odds]"), text = chance ? plan[0] + " → " + need + "+ : " + chance : "";
    if (out.textContent !== text) out.textContent = text; // an update that left it alone costs nothing
    var dice = form.querySelector(".roll-dice");
    if (dice.hidden !== !!trait.value) dice.hidden = !!trait.value;
  }
  live.addEventListener("input", updateOdds);

  // Drawing by picking: typing narrows the deck's buttons.
  live.addEventListener("input", function (e) {
    var box = e.target;
    if (!box.classList || !box.classList.contains("pick-filter")) return;
    var q = box.value.trim().toLowerCase();
    var picks = box.parentNode.querySelectorAll(".pick");
    picks.forEach(function (b) { b.hidden = q !== "" && b.textContent.toLowerCase().indexOf(q) < 0; });
  });
  live.addEventListener("change", updateOdds);

  // ---- Comfort: screen awake, haptics and sound -------------------------

  // localStorage / sessionStorage may be missing or throw (private modes).
  function store(kind) {
    try { var st = window[kind]; st.getItem("x"); return st; } catch (e) { return null; }
  }
  var local = store("localStorage"), session = store("sessionStorage");
  function getItem(st, k) { try { return st ? st.getItem(k) : null; } catch (e) { return null; } }
  function setItem(st, k, v) { try { if (st) st.setItem(k, v); } catch (e) { /* full or refused */ } }

  function vibrate(pattern) {
    try { if (navigator.vibrate) navigator.vibrate(pattern); } catch (e) { /* not allowed yet */ }
  }

  // Sounds are off by default, per phone; tones are made with Web Audio,
  // no sound files. The toggle (a user gesture) also unlocks audio on iOS.
  var soundBtn = document.getElementById("sound"), audio = null;
  function soundOn() { return getItem(local, "lantern_sound") === "on"; }
  function showSound() {
    if (!soundBtn) return;
    var on = soundOn();
    soundBtn.setAttribute("aria-pressed", on ? "true" : "false");
    soundBtn.firstElementChild.textContent = on ? "🔔" : "🔕";
  }
  function audioContext() {
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    if (!audio) { try { audio = new AC(); } catch (e) { return null; } }
    if (audio.state === "suspended" && audio.resume) audio.resume().catch(function () {});
    return audio;
  }
  // tone plays one oscillator gliding from f0 to f1 Hz over secs.
  function tone(ctx, type, f0, f1, start, secs, vol) {
    var osc = ctx.createOscillator(), gain = ctx.createGain(), t = ctx.currentTime + start;
    osc.type = type;
    osc.frequency.setValueAtTime(f0, t);
    if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t + secs);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(vol, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + secs);
    osc.connect(gain); gain.connect(ctx.destination);
    osc.start(t); osc.stop(t + secs + 0.05);
  }
  function play(kind) {
    if (!soundOn()) return;
    var ctx = audioContext();
    if (!ctx) return;
    try {
      if (kind === "haunt") { // low, descending, long
        tone(ctx, "triangle", 220, 55, 0, 1.6, 0.35);
        tone(ctx, "sine", 110, 41, 0.1, 1.6, 0.25);
      } else if (kind === "dice") { // two short knocks
        tone(ctx, "sine", 520, 380, 0, 0.07, 0.2);
        tone(ctx, "sine", 480, 360, 0.1, 0.07, 0.2);
      } else { // act: one short bright tone
        tone(ctx, "sine", 880, 660, 0, 0.18, 0.25);
      }
    } catch (e) { /* audio refused */ }
  }
  // Browsers start audio only from a tap: the first one on a page with
  // sounds on wakes the audio up for later tones.
  document.addEventListener("click", function () {
    if (soundOn() && (!audio || audio.state === "suspended")) audioContext();
  }, true);
  if (soundBtn && eventsURL) {
    soundBtn.hidden = false;
    showSound();
    soundBtn.addEventListener("click", function () {
      setItem(local, "lantern_sound", soundOn() ? "off" : "on");
      showSound();
      play("act");
    });
  }

  function isDiceForm(form) {
    return form.classList.contains("roll-form") || !!form.closest(".reroll, section.haunt-roll");
  }

  // Buzz: the server marks events that concern this phone with
  // <span data-buzz="ID" data-buzz-kind="act|haunt" hidden>. An ID this page
  // has not seen before vibrates (and sounds, if on). The IDs seen are kept
  // per tab (sessionStorage); on the first load in a tab all present IDs
  // count as seen, so old events never buzz.
  var buzzKey = "lantern_buzz:" + location.pathname;
  var seenRaw = getItem(session, buzzKey), seen = [];
  try { seen = seenRaw ? JSON.parse(seenRaw) : []; } catch (e) { seen = []; }
  if (!Array.isArray(seen)) seen = [];
  function checkBuzz(silent) {
    var fresh = "";
    live.querySelectorAll("[data-buzz]").forEach(function (el) {
      var id = el.getAttribute("data-buzz");
      if (!id || seen.indexOf(id) >= 0) return;
      seen.push(id);
      var kind = el.getAttribute("data-buzz-kind") === "haunt" ? "haunt" : "act";
      if (fresh !== "haunt") fresh = kind;
    });
    if (!fresh) return "";
    if (seen.length > 300) seen = seen.slice(-300);
    setItem(session, buzzKey, JSON.stringify(seen));
    if (silent) return "";
    vibrate(fresh === "haunt" ? [200, 100, 200, 100, 400] : [60]);
    play(fresh);
    return fresh;
  }
  if (seenRaw === null) {
    checkBuzz(true);
    setItem(session, buzzKey, JSON.stringify(seen));
  } else {
    checkBuzz(false); // what happened while this tab reloaded
  }

  // Keep the screen on while a live game page is visible (Screen Wake Lock).
  // Browsers offer it only in a secure context (HTTPS or localhost); where
  // it is missing or refused, a note (once, until dismissed) says so.
  var wakeNote = document.getElementById("wake-note"), wake = null, wakeRetry = false;
  function wakeState(s) { document.documentElement.setAttribute("data-wake-lock", s); }
  function showWakeNote(why) {
    wakeState(why);
    if (!wakeNote || getItem(local, "lantern_wake_note") === "dismissed") return;
    wakeNote.querySelectorAll("[data-why]").forEach(function (p) { p.hidden = p.getAttribute("data-why") !== why; });
    wakeNote.hidden = false;
  }
  function keepAwake() {
    if (!eventsURL || document.visibilityState !== "visible" || (wake && !wake.released)) return;
    if (!navigator.wakeLock || typeof navigator.wakeLock.request !== "function") {
      showWakeNote(window.isSecureContext ? "refused" : "insecure");
      return;
    }
    wakeState("requested");
    navigator.wakeLock.request("screen").then(function (lock) {
      wake = lock;
      wakeState("held");
      if (wakeNote) wakeNote.hidden = true;
      lock.addEventListener("release", function () {
        if (wake === lock) wake = null;
        wakeState("released");
      });
    }, function () {
      // Some browsers want a tap first: try once more on the next one.
      if (!wakeRetry) {
        wakeRetry = true;
        wakeState("waiting");
        document.addEventListener("click", keepAwake, { once: true, capture: true });
        return;
      }
      showWakeNote("refused");
    });
  }
  if (wakeNote) {
    var dismiss = wakeNote.querySelector("[data-dismiss]");
    if (dismiss) dismiss.addEventListener("click", function () {
      wakeNote.hidden = true;
      setItem(local, "lantern_wake_note", "dismissed");
    });
  }
  // The lock ends whenever the page is hidden; take it again on return.
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();

  updateOdds();
  connect();
})();
