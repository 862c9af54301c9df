// The dice: the roller's odds and the deck's pick filter. The server
// computed the chance of every choice the roller offers (data-odds,
// seatview.rollOdds); the script only picks the one the fields name.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !live.dataset.events) return;

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

  // Drawing by picking: typing narrows the deck's buttons, and a deck drawn
  // anew with the filter's text kept (swap.js) is narrowed again. The same
  // filter narrows the room tiles of "I discovered a room": a pick is found
  // by its label or by any other name it has (data-names: a room's English
  // and Chinese names), a form left with no pick hides (a floor's heading),
  // and .pick-none says when nothing matches.
  function filterPicks(box) {
    var q = box.value.trim().toLowerCase(), left = 0;
    var scope = box.parentNode;
    scope.querySelectorAll(".pick").forEach(function (b) {
      var text = (b.textContent + " " + (b.dataset.names || "")).toLowerCase();
      b.hidden = q !== "" && text.indexOf(q) < 0;
      if (!b.hidden) left++;
    });
    scope.querySelectorAll("form").forEach(function (f) {
      f.hidden = q !== "" && !f.querySelector(".pick:not([hidden])");
    });
    var none = scope.querySelector(".pick-none");
    if (none) none.hidden = left > 0;
  }
  live.addEventListener("input", function (e) {
    if (e.target.classList && e.target.classList.contains("pick-filter")) filterPicks(e.target);
  });
  live.addEventListener("change", updateOdds);
  live.addEventListener("lantern:swapped", function () {
    updateOdds();
    live.querySelectorAll(".pick-filter").forEach(function (box) { if (box.value) filterPicks(box); });
  });
  updateOdds();
})();
