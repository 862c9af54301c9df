package web_test

// Browser tests of play: a fight between two phones, cards drawn and handed
// over, the private reveal of the haunt in both languages, and how much a
// phone downloads on its first load. Games are set up through the JSON API;
// the part under test is driven by tapping the real pages. They reuse the
// bt helpers of browser_test.go and skip when Chromium is not installed.

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestBrowserFight(t *testing.T) {
	app := newTestApp(t)
	devs := newTabs(t, app.url(), map[string][2]int{
		"table": tableSize(), "alice": phoneSize(), "bob": phoneSize(), "carol": phoneSize(),
	})
	tbl, alice, bob, carol := devs["table"], devs["alice"], devs["bob"], devs["carol"]
	all := []*tab{alice, bob, carol, tbl}
	shots := shotDir(t)
	start := time.Now()

	// Seat 1 (Alice, on turn) draws the Girl in the Catacombs: haunt 1,
	// "The Mummy Walks", whose traitor is the revealer. A haunt roll of 0
	// starts it; the turn passes to the hero on the traitor's left, Bob.
	g := app.seatGame(true,
		[2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"}, [2]string{"Carol", "vivian-lopez"})
	app.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	app.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	st := app.publicState(g)
	if st.Haunt == nil || st.Haunt.Number != 1 || st.Haunt.Traitor != 1 || st.Phase != "haunt" {
		t.Fatalf("after the Girl in the Catacombs and a haunt roll of 0: haunt %+v, phase %q; want haunt 1 with seat 1 the traitor", st.Haunt, st.Phase)
	}
	if st.Turn.Seat != 2 {
		t.Fatalf("after the reveal the turn is seat %d's; want seat 2 (Bob, the hero left of the traitor)", st.Turn.Seat)
	}
	mightBefore, m0 := traitOf(t, st, "Alice", "might")
	speedBefore, s0 := traitOf(t, st, "Alice", "speed")

	alice.openSeat(g, 1, "en", "Alice")
	bob.openSeat(g, 2, "en", "Bob")
	carol.openSeat(g, 3, "en", "Carol")
	tbl.openTable(g, 3)
	for _, d := range all {
		d.waitText("Alice's might before the fight", jsTrait("Alice", "might"), mightBefore)
		d.waitText("Alice's speed before the fight", jsTrait("Alice", "speed"), speedBefore)
		d.markPage()
	}
	for _, d := range []*tab{alice, carol} {
		if evalIn[bool](d, jsHas(`#live form.attack-form`)) {
			t.Errorf("%s: an attack form on a phone whose turn it is not", d.name)
		}
	}

	// Bob attacks Alice with Might and types his real dice: 3.
	// The now bar opens the attack; a tap on the target rolls it.
	bob.waitUntil("the attack form", jsHas(`#live form.attack-form button[name=target][value="seat:1"]`))
	bob.tap(`#now a[href="#sheet-attack"]`)
	bob.typeInto(`#sheet-attack input[name=total]`, "3")
	bob.tap(`#sheet-attack button[name=target][value="seat:1"]`)
	// The number is the roll, not Might's value; Alice's own phone says "you".
	const attacked = "Bob attacks Alice with Might and rolls 3."
	const attackedYou = "Bob attacks you with Might and rolls 3."
	seen := func(d *tab, others, hers string) string {
		if d == alice {
			return hers
		}
		return others
	}
	for _, d := range all {
		d.waitText("the attack's status", jsText(`#live .attack-status`), seen(d, attacked+" Waiting for Alice to defend.", attackedYou+" Roll your defence."))
	}
	if evalIn[bool](bob, jsHas(`#live form.attack-form`)) {
		t.Errorf("bob: the attack form is still offered while his attack waits for the defence")
	}

	// Alice's phone offers her defence, live; she types her real dice: 0.
	alice.waitUntil("the defence form", jsHas(`#live form.defend button[name=real]`))
	if got := evalIn[string](alice, jsText(`#live form.defend button.primary`)); got != "🎲 Roll my defence" {
		t.Errorf("alice: defence button %q, want %q", got, "🎲 Roll my defence")
	}
	if got := evalIn[string](bob, jsText(`#now .later form.now-defend button`)); got != "🎲 Roll the defence for Alice" {
		t.Errorf("bob: roll-for-the-defender button %q, want %q", got, "🎲 Roll the defence for Alice")
	}
	if evalIn[bool](carol, jsHas(`#live form.defend`)) {
		t.Errorf("carol: a defence form on a bystander's phone")
	}
	alice.typeInto(`#live form.defend input[name=total]`, "0")
	alice.tap(`#live form.defend button[name=real]`)
	for _, d := range all {
		d.waitText("the attack's outcome", jsText(`#live .attack-status`),
			seen(d, attacked+" Defence rolls 0. Alice loses and takes 3 physical damage.", attackedYou+" Defence rolls 0. You lose and take 3 physical damage."))
	}

	// The loser's phone asks for the split of the 3 physical damage.
	const resolve = `#now form.split`
	alice.waitUntil("the damage split form", jsHas(resolve+` input[name=type][value=resolve_damage]`))
	if got := evalIn[string](alice, jsText(resolve+` legend`)); got != "You lost: split 3 physical damage" {
		t.Errorf("alice: damage split legend %q, want %q", got, "You lost: split 3 physical damage")
	}
	for _, d := range []*tab{bob, carol} {
		if evalIn[bool](d, jsHas(resolve)) {
			t.Errorf("%s: the loser's damage split shows on a phone that did not lose", d.name)
		}
	}
	for _, d := range []*tab{alice, bob, carol, tbl} {
		if !evalIn[bool](d, d.stillMarked()) {
			t.Errorf("%s: the page reloaded during the fight; want live updates", d.name)
		}
	}
	alice.screenshot(shots, "fight-alice-split")
	alice.typeInto(resolve+` input[name="split.might"]`, "2")
	alice.typeInto(resolve+` input[name="split.speed"]`, "1")
	alice.tap(resolve + ` button.split-take`)

	// Everyone sees the attack settled and Alice's new Might and Speed.
	for _, d := range all {
		d.waitText("the settled attack", jsText(`#live .attack-status`), seen(d, attacked, attackedYou)+" Defence rolls 0. The attack is over.")
	}
	st = app.publicState(g)
	mightAfter, m1 := traitOf(t, st, "Alice", "might")
	speedAfter, s1 := traitOf(t, st, "Alice", "speed")
	if m1.Position != m0.Position-2 || s1.Position != s0.Position-1 {
		t.Errorf("server: Alice's might position %d → %d, speed %d → %d; want −2 and −1", m0.Position, m1.Position, s0.Position, s1.Position)
	}
	for _, d := range all {
		d.waitText("Alice's might after the split", jsTrait("Alice", "might"), mightAfter)
		d.waitText("Alice's speed after the split", jsTrait("Alice", "speed"), speedAfter)
		if evalIn[bool](d, jsHas(resolve)) {
			t.Errorf("%s: the damage split form is still there after it was taken", d.name)
		}
		// Bob's own phone says it is his turn; the others name him.
		if got, want := evalIn[string](d, jsText(`#live .status .turn-name`)), map[bool]string{true: "Your turn", false: "Bob"}[d == bob]; !strings.Contains(got, want) {
			t.Errorf("%s: status line says %q; want %q", d.name, got, want)
		}
		if got := evalIn[string](d, jsText(`#live .status .phase`)); got == "" {
			t.Errorf("%s: status line shows no phase", d.name)
		}
		log := evalIn[string](d, jsLog)
		for _, want := range []string{attacked, "Alice: Defence rolls 0.", "The attack was settled", "(physical damage)"} {
			if !strings.Contains(log, want) {
				t.Errorf("%s: log lacks %q:\n%s", d.name, want, log)
			}
		}
		if !evalIn[bool](d, d.stillMarked()) {
			t.Errorf("%s: the page reloaded during the fight; want live updates", d.name)
		}
	}
	if evalIn[bool](bob, jsHas(`#live form.attack-form`)) {
		t.Errorf("bob: offered a second attack in the same turn")
	}
	t.Logf("fight from the attacker's tap to the split on every screen: %v", time.Since(start).Round(time.Millisecond))

	alice.screenshot(shots, "fight-alice")
	bob.screenshot(shots, "fight-bob")
	carol.screenshot(shots, "fight-carol")
	tbl.screenshot(shots, "fight-table")
	for _, d := range all {
		d.checkNoExceptions()
	}
}

func TestBrowserCardsFlow(t *testing.T) {
	app := newTestApp(t)
	devs := newTabs(t, app.url(), map[string][2]int{"table": tableSize(), "alice": phoneSize(), "bob": phoneSize()})
	tbl, alice, bob := devs["table"], devs["alice"], devs["bob"]
	all := []*tab{alice, bob, tbl}
	shots := shotDir(t)

	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	st := app.publicState(g)
	aliceSanity0, a0 := traitOf(t, st, "Alice", "sanity")
	bobSanity0, b0 := traitOf(t, st, "Bob", "sanity")

	alice.openSeat(g, 1, "en", "Alice")
	bob.openSeat(g, 2, "en", "Bob")
	tbl.openTable(g, 2)
	for _, d := range all {
		d.waitText("Alice's sanity", jsTrait("Alice", "sanity"), aliceSanity0)
		d.waitText("Bob's sanity", jsTrait("Bob", "sanity"), bobSanity0)
		if got := evalIn[string](d, jsHandLine("Alice")); got != "" {
			t.Errorf("%s: Alice's hand shows %q before she drew anything", d.name, got)
		}
		d.markPage()
	}

	// Alice opens "I drew…", narrows the item deck by typing "bel" (never
	// needed) and taps the Bell's button.
	const bell = `#live details.drew form.picks button.pick[value=bell]`
	alice.section("cards")
	alice.tap(`#live details.drew > summary`)
	alice.waitUntil("the I drew… box to open", `document.querySelector('#live details.drew').open`)
	alice.waitUntil("the Bell's button", jsHas(bell))
	alice.typeInto(`#live details.drew .draw:has(button[value=bell]) input.pick-filter`, "bel")
	if n := evalIn[int](alice, `[...document.querySelectorAll('#live details.drew .draw:has(button[value=bell]) button.pick')].filter(b => !b.hidden).length`); n != 1 {
		t.Errorf("alice: typing \"bel\" leaves %d item buttons, want the Bell alone", n)
	}
	alice.tap(bell)

	st = app.stateAfter(g, st.Version)
	aliceSanity1, a1 := traitOf(t, st, "Alice", "sanity")
	if a1.Position != a0.Position+1 && a1.Overflow != a0.Overflow+1 {
		t.Errorf("server: Alice's sanity %+v → %+v after drawing the Bell; want +1", a0, a1)
	}
	for _, d := range all {
		d.waitText("Alice's sanity after the Bell", jsTrait("Alice", "sanity"), aliceSanity1)
		d.waitText("the Bell under Alice's board", jsHandLine("Alice"), "Bell")
	}
	alice.waitUntil("the Bell in Alice's hand", `[...document.querySelectorAll('#live ul.hand > li > a')].some(a => a.textContent.trim() === "Bell")`)
	if evalIn[bool](alice, jsHas(bell)) {
		t.Errorf("alice: the item deck still offers the Bell after it was drawn")
	}
	if log := evalIn[string](tbl, jsLog); !strings.Contains(log, "Alice drew Bell") {
		t.Errorf("table: log lacks %q:\n%s", "Alice drew Bell", log)
	}

	// She gives it to Bob.
	const giveForm = `#live ul.hand > li form:has(input[name=type][value=give_card])`
	alice.waitUntil("the give form", jsHas(giveForm+` select[name=to]`))
	alice.pick(giveForm+` select[name=to]`, "2")
	alice.tap(giveForm + ` button[type=submit]`)
	alice.waitText("her own offer", jsText(`#live .offer span`), "You offer the Bell to Bob.")

	// Bob's phone shows the offer live; he accepts.
	bob.waitText("the offer", jsText(`#live .offer span`), "Alice hands you the Bell.")
	if !evalIn[bool](bob, bob.stillMarked()) {
		t.Errorf("bob: the page reloaded to show the offer; want a live update")
	}
	bob.screenshot(shots, "cards-bob-offer")
	offered := app.publicState(g).Version
	bob.tap(`#now form.now-accept_card button`)

	st = app.stateAfter(g, offered)
	aliceSanity2, a2 := traitOf(t, st, "Alice", "sanity")
	bobSanity2, b2 := traitOf(t, st, "Bob", "sanity")
	if a2 != a0 {
		t.Errorf("server: Alice's sanity %+v after giving the Bell away; want %+v as before she drew it", a2, a0)
	}
	if b2.Position != b0.Position+1 && b2.Overflow != b0.Overflow+1 {
		t.Errorf("server: Bob's sanity %+v → %+v after accepting the Bell; want +1", b0, b2)
	}
	for _, d := range all {
		d.waitText("Alice's sanity after giving the Bell", jsTrait("Alice", "sanity"), aliceSanity2)
		d.waitText("Bob's sanity after accepting the Bell", jsTrait("Bob", "sanity"), bobSanity2)
		d.waitText("Bob's hand", jsHandLine("Bob"), "Bell")
		d.waitText("Alice's hand", jsHandLine("Alice"), "")
		if evalIn[bool](d, jsHas(`#live .offer`)) {
			t.Errorf("%s: the offer is still shown after it was accepted", d.name)
		}
		if !evalIn[bool](d, d.stillMarked()) {
			t.Errorf("%s: the page reloaded during the card flow; want live updates", d.name)
		}
	}
	if log := evalIn[string](bob, jsLog); !strings.Contains(log, "Alice gave the Bell to Bob") {
		t.Errorf("bob: log lacks %q:\n%s", "Alice gave the Bell to Bob", log)
	}

	alice.screenshot(shots, "cards-alice")
	bob.screenshot(shots, "cards-bob")
	tbl.screenshot(shots, "cards-table")
	for _, d := range all {
		d.checkNoExceptions()
	}
}

func TestBrowserRevealPrivate(t *testing.T) {
	app := newTestApp(t)
	base := app.url()
	devs := newTabs(t, app.url(), map[string][2]int{
		"table": tableSize(), "alice": phoneSize(), "bob": phoneSize(), "carol-zh": phoneSize(),
	})
	tbl, alice, bob, carol := devs["table"], devs["alice"], devs["bob"], devs["carol-zh"]
	all := []*tab{alice, bob, carol, tbl}
	shots := shotDir(t)

	g := app.seatGame(true,
		[2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"}, [2]string{"Carol", "vivian-lopez"})
	alice.openSeat(g, 1, "en", "Alice")
	bob.openSeat(g, 2, "en", "Bob")
	carol.openSeat(g, 3, "zh", "Carol")
	tbl.openTable(g, 3)
	for _, d := range all {
		d.markPage()
	}

	// Alice, on turn, records the Girl drawn in the Catacombs on her phone…
	// ("I drew…": the room as a button, then the omen's button).
	alice.section("cards")
	alice.tap(`#live details.drew > summary`)
	alice.waitUntil("the omen picker", jsHas(`#live form.omen-pick button[value=girl]`))
	alice.tap(`#live form.omen-pick input[name=room][value=catacombs]`)
	alice.tap(`#live form.omen-pick button[value=girl]`)
	// … the phone demands the haunt roll, and everyone sees it is owed …
	alice.waitUntil("the haunt roll prompt", jsHas(`#live section.haunt-roll button[name=real]`))
	bob.waitUntil("the owed haunt roll", `document.querySelector('#live .omens').textContent.includes("Alice owes a haunt roll")`)
	// … and she types her real dice: 0, less than the one omen drawn.
	alice.typeInto(`#live section.haunt-roll input[name=total]`, "0")
	alice.tap(`#live section.haunt-roll button[name=real]`)

	const book = `#live .reveal .book`
	for _, d := range all {
		d.waitUntil("the reveal", jsHas(`#live .reveal`))
		if !evalIn[bool](d, d.stillMarked()) {
			t.Errorf("%s: the page reloaded to reveal the haunt; want a live update", d.name)
		}
	}
	for _, d := range []*tab{alice, bob, tbl} {
		if got := evalIn[string](d, jsText(`#live .reveal h2`)); got != "Haunt 1: The Mummy Walks" {
			t.Errorf("%s: reveal title %q, want %q", d.name, got, "Haunt 1: The Mummy Walks")
		}
	}
	if got := evalIn[string](carol, jsText(`#live .reveal h2`)); !strings.HasPrefix(got, "作祟 1：") {
		t.Errorf("carol-zh: reveal title %q, want it to start with %q", got, "作祟 1：")
	}

	traitorText := evalIn[string](alice, jsText(book))
	if !strings.HasPrefix(traitorText, "You are the traitor.") || !strings.Contains(traitorText, "Traitor's Tome") || !strings.Contains(traitorText, "haunt 1") {
		t.Errorf("alice (the traitor): book message %q; want the Traitor's Tome, haunt 1", traitorText)
	}
	if !evalIn[bool](alice, `document.querySelector('#live .reveal').classList.contains('traitor')`) {
		t.Errorf("alice (the traitor): the reveal card is not marked as the traitor's")
	}
	heroText := evalIn[string](bob, jsText(book))
	if !strings.HasPrefix(heroText, "You are a hero.") || !strings.Contains(heroText, "Secrets of Survival") {
		t.Errorf("bob (a hero): book message %q; want Secrets of Survival", heroText)
	}
	zhText := evalIn[string](carol, jsText(book))
	if !strings.Contains(zhText, "求生秘诀") || !strings.HasPrefix(zhText, "你是英雄") {
		t.Errorf("carol-zh (a hero): book message %q; want 你是英雄 … 求生秘诀", zhText)
	}
	for _, d := range []*tab{bob, carol} {
		page := evalIn[string](d, `document.getElementById('live').innerText`)
		if strings.Contains(page, "Traitor's Tome") || strings.Contains(page, "奸徒密谋") || strings.Contains(page, "You are the traitor") {
			t.Errorf("%s: a hero's phone shows the traitor's message", d.name)
		}
		if evalIn[bool](d, `document.querySelector('#live .reveal').classList.contains('traitor')`) {
			t.Errorf("%s: a hero's reveal card is marked as the traitor's", d.name)
		}
	}
	if evalIn[bool](tbl, jsHas(book)) {
		t.Errorf("table: shows a private book message: %q", evalIn[string](tbl, jsText(book)))
	}
	if got := evalIn[string](tbl, jsText(`#live .reveal strong`)); got != "The traitor is Alice." {
		t.Errorf("table: %q, want the public traitor %q", got, "The traitor is Alice.")
	}

	alice.screenshot(shots, "reveal-alice-traitor")
	bob.screenshot(shots, "reveal-bob-hero")
	carol.screenshot(shots, "reveal-carol-zh")
	tbl.screenshot(shots, "reveal-table")

	// The traitor switches her phone to Chinese: the Tome in Chinese.
	alice.navigate(base + "/lang/zh?next=" + url.QueryEscape("/g/"+g.code))
	alice.waitUntil("the player page in Chinese", `document.documentElement.lang === "zh-Hans" && !!document.querySelector('#live .reveal .book')`)
	if got := evalIn[string](alice, jsText(book)); !strings.Contains(got, "奸徒密谋") || !strings.HasPrefix(got, "你是奸徒") {
		t.Errorf("alice in Chinese (the traitor): book message %q; want 你是奸徒 … 奸徒密谋", got)
	}
	alice.screenshot(shots, "reveal-alice-traitor-zh")
	for _, d := range all {
		d.checkNoExceptions()
	}
}

func TestBrowserFirstLoadSize(t *testing.T) {
	app := newTestApp(t)
	base := app.url()
	devs := newTabs(t, app.url(), map[string][2]int{"fresh": phoneSize(), "haunt6": phoneSize()})

	// A game as it starts (2 seats), and a busy one: 6 seats in the haunt
	// with a full log and cards in hand. (Games and seats: 10 in all, the
	// rate limiter's burst per address.)
	small := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	big := app.seatGame(true,
		[2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"}, [2]string{"Carol", "vivian-lopez"},
		[2]string{"Dan", "father-rhinehardt"}, [2]string{"Eve", "peter-akimoto"}, [2]string{"Finn", "heather-granville"})
	for i := 0; i < 40; i++ {
		app.act(big, big.host, map[string]any{"type": "step_trait", "seat": i%6 + 1, "trait": "knowledge", "delta": 1 - 2*(i/6%2)})
	}
	for i, card := range []string{"bell", "revolver", "candle", "lucky-stone", "armor", "axe"} {
		app.act(big, big.host, map[string]any{"type": "draw_card", "seat": i + 1, "card": card})
	}
	app.act(big, big.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	app.act(big, big.seats[0], map[string]any{"type": "haunt_roll", "total": 0})

	measure := func(d *tab, g testGame, name string) int {
		t.Helper()
		d.openSeat(g, 1, "en", name)
		d.waitUntil("the load to finish", `document.readyState === "complete" && performance.getEntriesByType('navigation')[0].loadEventEnd > 0`)
		type entry struct {
			Name     string `json:"name"`
			Transfer int    `json:"transfer"`
			Encoded  int    `json:"encoded"`
			Decoded  int    `json:"decoded"`
		}
		entries := evalIn[[]entry](d, `[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(e =>
			({name: e.name, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize}))`)
		total := 0
		var parts []string
		for _, e := range entries {
			total += e.Transfer
			parts = append(parts, fmt.Sprintf("%s %d B (body %d B gzip, %d B plain)", strings.TrimPrefix(e.Name, base), e.Transfer, e.Encoded, e.Decoded))
		}
		t.Logf("first load of a player page (%s): %d bytes transferred in total (%.1f KB):\n\t%s", d.name, total, float64(total)/1024, strings.Join(parts, "\n\t"))
		if len(entries) < 3 {
			t.Errorf("%s: only %d entries measured; want the page, its CSS and its script", d.name, len(entries))
		}
		if total <= 0 {
			t.Errorf("%s: measured %d bytes; the browser reports no transfer sizes", d.name, total)
		}
		if total >= 50*1024 {
			t.Errorf("%s: first load transfers %d bytes; want under 50 KB", d.name, total)
		}
		d.screenshot(shotDir(t), "first-load-"+d.name)
		d.checkNoExceptions()
		return total
	}
	measure(devs["fresh"], small, "Alice")
	measure(devs["haunt6"], big, "Alice")
	if !evalIn[bool](devs["haunt6"], jsHas(`#live .reveal`)) {
		t.Errorf("haunt6: the busy game's page shows no haunt; the measurement is not of a game in the haunt")
	}
}

// TestBrowserLiveUpdateKeepsWhatYouAreDoing: another player's change swaps
// the live part of every phone, but what this phone was setting up stays —
// a changed select and number, an open <details>, the focused field — and
// a phone's own action swaps its page once, not twice.
func TestBrowserLiveUpdateKeepsWhatYouAreDoing(t *testing.T) {
	app := newTestApp(t)
	devs := newTabs(t, app.url(), map[string][2]int{"alice": phoneSize(), "bob": phoneSize()})
	alice, bob := devs["alice"], devs["bob"]
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	alice.openSeat(g, 1, "en", "Alice")
	bob.openSeat(g, 2, "en", "Bob")

	// Bob sets up a roll: a trait, a target, and opens "I drew…".
	bob.section("dice")
	bob.pick(`#live .roll-form select[name=trait]`, "might")
	bob.typeInto(`#live .roll-form input[name=need]`, "5")
	evalIn[bool](bob, `(document.activeElement && document.activeElement.blur(), document.querySelector('#live details.drew').open = true)`)
	bob.markPage()

	// Alice acts: Bob's live part is swapped for the fresh one.
	app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
	bob.waitUntil("Alice's change on Bob's phone", `document.querySelector('#live').innerHTML.indexOf('Alice: Speed') >= 0`)
	if !evalIn[bool](bob, bob.stillMarked()) {
		t.Fatalf("bob's page reloaded")
	}
	if got := evalIn[string](bob, `document.querySelector('#live .roll-form select[name=trait]').value`); got != "might" {
		t.Errorf("the trait Bob picked was reset to %q", got)
	}
	if got := evalIn[string](bob, `document.querySelector('#live .roll-form input[name=need]').value`); got != "5" {
		t.Errorf("the target Bob typed was reset to %q", got)
	}
	if !evalIn[bool](bob, `document.querySelector('#live details.drew').open`) {
		t.Errorf("the I drew… box Bob opened was closed")
	}

	// A choice the fresh page no longer offers (a seat that died, in a play
	// test Give's list) falls back to the page's default, never to blank:
	// a blank select posted "to=" and was refused as "no seat 0".
	evalIn[bool](bob, `(() => {
		const sel = document.querySelector('#live .roll-form select[name=trait]');
		sel.add(new Option('gone', 'gone'));
		sel.value = 'gone';
		return true;
	})()`)
	// Bob's Knowledge drops 3 → 2 (his roll form's dice with it), from elsewhere.
	app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "knowledge", "delta": -1})
	bob.waitUntil("the roll form swapped on Bob's phone", `!document.querySelector('#live .roll-form select[name=trait] option[value=gone]')`)
	if got := evalIn[int](bob, `document.querySelector('#live .roll-form select[name=trait]').selectedIndex`); got < 0 {
		t.Errorf("a choice the page no longer offers left the select blank (selectedIndex %d)", got)
	}

	// Alice's own tap swaps her page once (each swap marks the version the
	// page shows): the answer to her post holds the change, and the stream's
	// announcement of it must not fetch it again.
	evalIn[bool](alice, `(() => {
		window.__swaps = 0;
		new MutationObserver(() => { window.__swaps++; }).observe(document.getElementById('live'), {attributes: true, attributeFilter: ['data-version']});
		return true;
	})()`)
	alice.tap(`#live .board [data-trait=sanity] button[value="1"]`)
	alice.waitUntil("Alice's own change", `document.querySelector('#live').innerHTML.indexOf('Alice: Sanity') >= 0`)
	alice.settle()
	if n := evalIn[int](alice, `window.__swaps`); n != 1 {
		t.Errorf("alice's page was swapped %d times for one tap, want 1", n)
	}
	for _, d := range []*tab{alice, bob} {
		d.checkNoExceptions()
	}
}

// TestBrowserLiveUpdateKeepsSheetFocusAndScroll: a push that replaces the
// part holding an open sheet keeps where the person was in it. The focus
// stays on the sheet's close link (it went to the body: keyboards and
// screen readers lost their place), and the whole log, scrolled down to
// read back, stays where it was (it jumped to the top on every change).
func TestBrowserLiveUpdateKeepsSheetFocusAndScroll(t *testing.T) {
	app := newTestApp(t)
	devs := newTabs(t, app.url(), map[string][2]int{"bob": phoneSize()})
	bob := devs["bob"]
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	for i := range 24 { // a log long enough to scroll
		app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1 - 2*(i%2)})
	}
	bob.openSeat(g, 2, "en", "Bob")
	bob.markPage()
	steps := 0
	aliceSteps := func(what string) {
		t.Helper()
		steps++
		v := app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1 - 2*(steps%2)})
		bob.waitUntil(what, fmt.Sprintf(`document.querySelector('#live input[name=version]').value === "%d"`, v))
		bob.settle()
		if !evalIn[bool](bob, bob.stillMarked()) {
			t.Fatalf("%s: bob's page reloaded", what)
		}
	}

	// Bob opens Alice's sheet from her line: the focus goes to its close.
	bob.tap(`#live a[href="#sheet-seat-1"]`)
	focused := `document.activeElement && document.activeElement.matches('#sheet-seat-1.open [data-close]')`
	bob.waitUntil("the sheet's close focused", focused)
	html := evalIn[string](bob, `document.querySelector('#live [data-part="board-1"]').innerHTML`)
	aliceSteps("Alice's step with her sheet open")
	if evalIn[string](bob, `document.querySelector('#live [data-part="board-1"]').innerHTML`) == html {
		t.Fatalf("Alice's board part was not replaced: the test proves nothing")
	}
	if !evalIn[bool](bob, focused) {
		t.Errorf("the focus left the open sheet's close for %s", evalIn[string](bob, `document.activeElement ? document.activeElement.outerHTML.slice(0, 80) : "nothing"`))
	}

	// Bob reads back through the whole log.
	bob.tap(`#sheet-seat-1.open [data-close]`)
	bob.tap(`#live a[href="#sheet-log"]`)
	bob.waitUntil("the whole log open", `!!document.querySelector('#sheet-log.open')`)
	top := evalIn[int](bob, `(() => { const s = document.getElementById('sheet-log'); s.scrollTop = 300; return Math.round(s.scrollTop); })()`)
	if top < 100 {
		t.Fatalf("the whole log scrolls only to %d: too short to test", top)
	}
	aliceSteps("Alice's step with the whole log open")
	if got := evalIn[int](bob, `Math.round(document.getElementById('sheet-log').scrollTop)`); got != top {
		t.Errorf("the whole log was at %d before Alice's step, %d after", top, got)
	}
	if !evalIn[bool](bob, `!!document.querySelector('#sheet-log.open')`) {
		t.Errorf("the whole log closed")
	}
	bob.checkNoExceptions()
}

// TestBrowserFieldLeftFocusedHoldsUpdatesOnlyAWhile: while a field is being
// typed in, another player's change waits, so nothing jumps under the
// thumb; a field left focused without typing (Android's Back closes the
// keyboard and keeps the focus) holds it only a few seconds, and then the
// change shows with what was typed and the focus kept.
func TestBrowserFieldLeftFocusedHoldsUpdatesOnlyAWhile(t *testing.T) {
	app := newTestApp(t)
	bob := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	bob.spyStream()
	bob.openSeat(g, 2, "en", "Bob")
	bob.markPage()
	bob.section("dice")
	need := `#live .roll-form input[name=need]`
	bob.typeInto(need, "5")
	shown := `document.querySelector('#live').innerHTML.indexOf('Alice: Speed') >= 0`
	v := app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
	// The page has had the change and held it back, not yet missed it.
	bob.waitStreamSeen(v)
	if evalIn[bool](bob, shown) {
		t.Errorf("Alice's change showed while Bob was typing")
	}
	bob.waitUntil("Alice's change once Bob stopped typing", shown)
	if !evalIn[bool](bob, bob.stillMarked()) {
		t.Fatalf("bob's page reloaded")
	}
	if got := evalIn[string](bob, `document.querySelector('`+need+`').value`); got != "5" {
		t.Errorf("the target Bob typed is %q after the update, want 5", got)
	}
	if !evalIn[bool](bob, `document.activeElement === document.querySelector('`+need+`')`) {
		t.Errorf("the field Bob was in lost the focus")
	}

	// Bob rolls with Go on his keyboard: the form's answer is the new
	// truth, and the field he sent it from is not focused again (it held
	// the next updates back, and kept the keyboard up).
	bob.do("roll with Enter", chromedp.SendKeys(chromedp.CSS(need), "\r"))
	bob.waitUntil("Bob's roll", `!!document.querySelector('#live .rolls li')`)
	bob.settle()
	if evalIn[bool](bob, `document.activeElement === document.querySelector('`+need+`')`) {
		t.Errorf("the field Bob rolled from has the focus again after the roll")
	}
	bob.checkNoExceptions()
}
