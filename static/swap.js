// Putting fresh server HTML in place of the live part, or of some of its
// parts, while keeping what the person is doing: fields they changed, open
// <details>, the focus, scroll positions. Live updates wait while a field
// is being typed in. A trait's step, or a card picked into the hand, is
// shown at once (preview), before the stream confirms it. Used by sync.js
// (window.Lantern.swap).
(function () {
  "use strict";
  var L = window.Lantern, live = document.getElementById("live");
  if (!live || !live.dataset.events) return;

  // full puts a whole live part in place; skip is the form just sent,
  // whose fields the new HTML supersedes.
  function full(html, version, skip) {
    var y = shownY();
    var kept = keepState([live], skip);
    unseen = {};
    delete live.dataset.held;
    live.innerHTML = html;
    restoreState(kept);
    setVersion(version);
    afterSwap(y, [live]);
  }

  // parts puts the parts a stream message carries in place of the same
  // parts of the page (views/parts.go); the rest stays, only its version
  // fields move on. A part no one can see now (closed sheets, a section
  // not shown) is put in place only after the frame that shows the rest:
  // on a slow phone, parsing it first would hold that frame back. False
  // when the page lacks one of the parts (a whole live part is needed).
  function parts(list, version, skip) {
    var y = shownY();
    var byKey = partsByKey();
    if (!list.every(function (p) { return byKey[p[0]]; })) return false;
    var now = list.filter(function (p) {
      delete unseen[p[0]];
      if (!hidden(byKey[p[0]]) || (skip && byKey[p[0]].contains(skip))) return true;
      unseen[p[0]] = p[1];
      return false;
    });
    var scopes = now.map(function (p) { return byKey[p[0]]; });
    var kept = keepState(scopes, skip || null);
    // A refusal shown earlier belongs to an older version.
    live.querySelectorAll(".error[role=alert]").forEach(function (el) { el.remove(); });
    now.forEach(function (p) { byKey[p[0]].innerHTML = p[1]; });
    live.querySelectorAll("input[type=hidden][name=version]").forEach(function (el) { el.value = String(version); });
    restoreState(kept);
    setVersion(version);
    afterSwap(y, scopes);
    var held = Object.keys(unseen).length;
    if (held) {
      live.dataset.held = String(held); // parts behind the version shown
      // Counted from the first held: updates in a row don't put them off.
      if (!unseenTimer) unseenTimer = setTimeout(showUnseen, unseenDelay, true);
    }
    return true;
  }

  function setVersion(v) {
    live.dataset.version = String(v); // what the page shows
  }

  // refusal shows why a tap was refused where the page shows refusals (the
  // status line), and in the toast when that place is out of sight.
  function refusal(text, status) {
    live.querySelectorAll(".error[role=alert]").forEach(function (el) { el.remove(); });
    var line = live.querySelector(".status");
    if (!line || !text) { L.showToast(text); return; }
    var p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.setAttribute("data-status", String(status));
    p.textContent = text;
    line.parentNode.insertBefore(p, line.nextSibling);
    tellIfUnseen(p);
    // The refusal is a change to the page like a swap: an open sheet shows
    // it too (phone.js).
    live.dispatchEvent(new CustomEvent("lantern:swapped", { detail: [line.parentNode] }));
  }

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
  // showUnseen puts the parts held back in place, at the page's version:
  // all of them (a tap is about to show one), or one (the timer's way: one
  // part per task, so a tap waits for no more than one part's parsing).
  function showUnseen(one) {
    clearTimeout(unseenTimer);
    unseenTimer = 0;
    var byKey = partsByKey(), keys = Object.keys(unseen).filter(function (k) { return byKey[k]; });
    if (one) keys = keys.slice(0, 1);
    if (keys.length) {
      var scopes = keys.map(function (k) { return byKey[k]; });
      var kept = keepState(scopes, null);
      keys.forEach(function (k) { byKey[k].innerHTML = unseen[k]; delete unseen[k]; });
      within(scopes, "input[type=hidden][name=version]").forEach(function (el) { el.value = live.dataset.version; });
      restoreState(kept);
      // Hidden parts move nothing on the screen: the page stays where it
      // is (a smooth scroll to a prompt, a finger's fling, a tab opening).
      afterSwap(null, scopes);
    }
    var left = Object.keys(unseen).filter(function (k) { return byKey[k]; }).length;
    if (!left) { unseen = {}; delete live.dataset.held; return; }
    live.dataset.held = String(left);
    unseenTimer = setTimeout(showUnseen, 0, true);
  }

  // The page stays where the person had it. It is put back just before
  // the next frame rather than at once: asking where it is now would make
  // the browser lay the page out twice, a frame's time on a slow phone.
  // (After 50 ms at the latest: a browser may draw no frame, as WebKit
  // under a virtual display.)
  var heldY = null;
  function shownY() { return heldY !== null ? heldY : window.scrollY; }
  // A finger or wheel on the page meanwhile has the last word.
  ["touchstart", "wheel", "keydown"].forEach(function (kind) {
    window.addEventListener(kind, function () { heldY = null; }, { passive: true, capture: true });
  });
  function keepScroll(y) {
    if (heldY !== null) return;
    heldY = y;
    var timer = setTimeout(putBack, 50);
    requestAnimationFrame(putBack);
    function putBack() {
      clearTimeout(timer);
      if (heldY !== null && window.scrollY !== heldY) window.scrollTo(0, heldY);
      heldY = null;
    }
  }

  // inView: all of el is on the screen, below the header while it stays
  // on top (it scrolls away when it is tall, headerFit).
  function inView(el) {
    var r = el.getBoundingClientRect(), bar = document.querySelector("header.bar");
    var top = bar && !bar.classList.contains("tall") ? bar.getBoundingClientRect().bottom : 0;
    return r.height > 0 && r.top >= top && r.bottom <= window.innerHeight;
  }

  // afterSwap puts the page back where it was and tells the other scripts
  // what was replaced (the lantern:swapped event: odds, buzz, sheets).
  function afterSwap(y, scopes) {
    if (y !== null) keepScroll(y);
    attention();
    var err = live.querySelector(".error[role=alert]");
    if (err) tellIfUnseen(err);
    live.dispatchEvent(new CustomEvent("lantern:swapped", { detail: scopes }));
  }
  // A refusal the person can't see where it is (scrolled away, or under an
  // open sheet) is told again in the toast; once is enough in view.
  function tellIfUnseen(err) {
    if (document.documentElement.classList.contains("sheet-open") || !inView(err)) L.showToast(err.textContent);
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
    if (first) { heldY = null; first.scrollIntoView({ block: "center", behavior: "smooth" }); }
  }

  // A form is known across swaps by what it acts on: its action and hidden
  // fields (type, seat, trait, card…), numbered when several look alike.
  function formKey(f) {
    var k = f.getAttribute("action") || "";
    f.querySelectorAll("input[type=hidden]").forEach(function (h) {
      if (h.name !== "version") k += "|" + h.name + "=" + h.value;
    });
    return k;
  }
  // fieldGroups is the fields in scopes by the form they belong to: each
  // form's [its fields, its key, the form], and the fields of no form (a
  // deck's filter) under the key "".
  function fieldGroups(scopes) {
    var seen = {}, groups = [[within(scopes, "input[name]").filter(function (el) { return !el.form; }), ""]];
    within(scopes, "form").forEach(function (f) {
      var k = formKey(f);
      seen[k] = (seen[k] || 0) + 1;
      groups.push([f.elements, k + "#" + seen[k], f]);
    });
    return groups;
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
  // detailsKeys names each disclosure in scopes by what its summary says
  // and which of those it is: a disclosure added or gone before it (a card
  // come into the hand, with its lines) doesn't take its place.
  function detailsKeys(scopes) {
    var seen = {};
    return within(scopes, "details").map(function (d) {
      var s = d.querySelector("summary"), says = s ? s.textContent : "";
      seen[says] = (seen[says] || 0) + 1;
      return [d, says + "#" + seen[says]];
    });
  }
  // keepState notes what the person is doing inside scopes (what an update
  // is about to replace), but in skip (the form just submitted).
  function keepState(scopes, skip) {
    var state = { scopes: scopes, forms: {}, open: [], focus: null };
    fieldGroups(scopes).forEach(function (pair) {
      var fields = {};
      if (skip && pair[2] === skip) return;
      Array.prototype.forEach.call(pair[0], function (el) {
        if (!el.name || el.type === "hidden" || el.type === "submit") return;
        if (changed(el)) fields[fieldKey(el)] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
        if (el === document.activeElement) state.focus = [pair[1], fieldKey(el), caretOf(el)];
      });
      state.forms[pair[1]] = fields;
    });
    // A disclosure the sent form was in (the room list, a deck) is done
    // with: it stays as the server draws it.
    detailsKeys(scopes).forEach(function (dk) {
      if (dk[0].open && !(skip && dk[0].contains(skip))) state.open.push(dk[1]);
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
  // refocus gives an element back the focus it had, and a text field its
  // caret (a field's fresh copy would have it at the start); that is no typing.
  function refocus(el, caret) {
    refocusing = true;
    try {
      el.focus({ preventScroll: true });
      if (caret) el.setSelectionRange(caret[0], caret[1], caret[2]);
    } catch (e) { /* a field without a caret (a number's) */ } finally { refocusing = false; }
  }
  function caretOf(el) {
    try { return el.selectionStart === null ? null : [el.selectionStart, el.selectionEnd, el.selectionDirection]; } catch (e) { return null; }
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
    // <details> open first: a field inside a closed one can't take the focus.
    detailsKeys(state.scopes).forEach(function (dk) {
      if (state.open.indexOf(dk[1]) >= 0) dk[0].open = true;
    });
    fieldGroups(state.scopes).forEach(function (pair) {
      var fields = state.forms[pair[1]];
      if (!fields) return;
      Array.prototype.forEach.call(pair[0], function (el) {
        var k = fieldKey(el);
        if (el.name && k in fields) {
          if (el.type === "checkbox" || el.type === "radio") el.checked = fields[k];
          // A choice the new page no longer offers (a seat that died) stays
          // at the new page's default, never blank.
          else if (el.tagName !== "SELECT" || Array.prototype.some.call(el.options, function (o) { return o.value === fields[k]; })) el.value = fields[k];
        }
        if (state.focus && state.focus[0] === pair[1] && state.focus[1] === k) refocus(el, state.focus[2]);
      });
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
  // A tap on a link (what opens a sheet or a section) finds the parts held
  // back in place: this runs before phone.js opens it.
  document.addEventListener("click", function (e) {
    if (Object.keys(unseen).length && e.target.closest && e.target.closest("a, summary")) showUnseen(false);
  }, true);

  // preview shows a trait's step or set at once, where the server said it
  // leads (a step button's data-shows, a cell's own position), or a card
  // picked in the hand; nothing is worked out here. It returns what puts
  // the page back, or null.
  function preview(form, button) {
    if (button && button.hasAttribute("data-hand")) return previewHand(button);
    var row = form.closest(".trait");
    if (!row || !button) return null;
    var to = button.hasAttribute("data-shows") ? button.getAttribute("data-shows") : button.name === "position" ? button.value : null;
    var cells = row.querySelectorAll(".track .cell");
    var cell = to === null ? null : cells[parseInt(to, 10)];
    if (!cell || cell.classList.contains("on")) return null;
    var was = row.innerHTML, value = row.querySelector(".trait-value");
    cells.forEach(function (c) {
      c.classList.toggle("on", c === cell);
      if (c.hasAttribute("aria-pressed")) c.setAttribute("aria-pressed", String(c === cell));
    });
    if (value) value.textContent = cell.textContent;
    return function () {
      if (!document.contains(row)) return; // the stream brought the row anew
      row.innerHTML = was;
      // at the version the page shows now, not the one the tap was made at
      row.querySelectorAll("input[type=hidden][name=version]").forEach(function (el) { el.value = live.dataset.version; });
    };
  }

  // previewHand shows a card picked from a deck in the phone's hand line
  // at once (the pick's data-hand: the server said it is kept); the stream
  // brings the hand as the game has it.
  function previewHand(button) {
    var part = live.querySelector('[data-part="me-hand"]');
    if (!part) return null;
    var line = part.querySelector(".hand-line"), name = document.createElement("span"), added;
    name.textContent = button.textContent.trim();
    if (line) { added = [document.createTextNode(" · "), name]; line.append(added[0], name); }
    else {
      line = document.createElement("p");
      line.className = "hand-line";
      line.append("🂠 ", name);
      part.appendChild(line);
      added = [line];
    }
    // Undone, only what it added goes (the stream may have brought the
    // hand anew meanwhile, and then it is gone already).
    return function () { added.forEach(function (n) { if (n.parentNode) n.parentNode.removeChild(n); }); };
  }

  // buttonLike is the page's button now that does what button did: in the
  // form that acts on the same thing, with the same name and value.
  function buttonLike(key, name, value) {
    var forms = live.querySelectorAll("form");
    for (var i = 0; i < forms.length; i++) {
      if (formKey(forms[i]) !== key) continue;
      var b = Array.prototype.find.call(forms[i].querySelectorAll("button"), function (x) { return x.name === name && x.value === value; });
      if (b) return b;
    }
    return null;
  }

  L.swap = { full: full, parts: parts, refusal: refusal, preview: preview, typing: typing, formKey: formKey, buttonLike: buttonLike, typingLeft: function () { return Math.max(100, typingPause - (Date.now() - typedAt)); } };
})();
