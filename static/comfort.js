// Comfort on a live game page: the screen kept awake, haptics and sound
// for the events that concern this phone (the server's data-buzz marks),
// and what a tap the game took feels like.
(function () {
  "use strict";
  var L = window.Lantern, live = document.getElementById("live");
  if (!live || !live.dataset.events) return;

  var local = L.local, session = L.session, getItem = L.getItem, setItem = L.setItem;

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
  if (soundBtn) {
    soundBtn.hidden = false;
    showSound();
    soundBtn.addEventListener("click", function () {
      setItem(local, "lantern_sound", soundOn() ? "off" : "on");
      showSound();
      play("act");
    });
  }

  // feel: a tap the game took is felt (sync.js): your dice landing, or a
  // short tick.
  L.feel = function (form) {
    if (form.classList.contains("roll-form") || form.closest(".reroll, section.haunt-roll")) { vibrate([30, 50, 30]); play("dice"); } else vibrate(8);
  };

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
    if (document.visibilityState !== "visible" || (wake && !wake.released)) return;
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
  live.addEventListener("lantern:swapped", function () { checkBuzz(false); });
})();
