package views

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// cardsGistWords are the two short lines a held item or omen shows on the
// Cards tab (HandCard.Gist): what it gives, then when it can be used and
// what can't be done with it. internal/seatview/gist.go picks their parts
// from the card's data, which views never see; gistWords says them. In our
// own words, short enough to read mid-turn; the card's full text is a tap
// away.
var _ = words(Words{
	// Parts of lines.
	"gist_sep":         {"; ", "；"},
	"gist_comma":       {", ", "，"},
	"gist_list_comma":  {", ", "、"},
	"gist_list_and":    {" and ", "和"},
	"gist_list_or":     {" or ", "或"},
	"gist_every_trait": {"every trait %s", "四项能力各 %s"},

	// What it gives.
	"gist_weapon":       {"Weapon: attack with %s +%d dice", "武器：以%s袭击 +%d 颗骰子"},
	"gist_weapon_1":     {"Weapon: attack with %s +%d die", "武器：以%s袭击 +%d 颗骰子"},
	"gist_ranged":       {"at range too", "也可远程袭击"},
	"gist_gated":        {"after a %s roll", "须先进行%s考验"},
	"gist_cost":         {"%s each time", "每次%s"},
	"gist_mod_die":      {"+1 die on %s", "%s +1 颗骰子"},
	"gist_mod_dice":     {"+%d dice on %s", "%[2]s +%[1]d 颗骰子"},
	"gist_mod_bonus":    {"+%d to %s", "%[2]s结果 +%[1]d"},
	"gist_mod_choose":   {"name any result 0–%d for %s", "%[2]s时可直接指定 0–%[1]d 的结果"},
	"gist_on_trait":     {"a trait roll", "能力考验"},
	"gist_on_event":     {"an event's trait roll", "事件牌的能力考验"},
	"gist_on_attack":    {"an attack", "袭击"},
	"gist_on_defend":    {"a defence", "防御"},
	"gist_on_any":       {"any roll", "任何掷骰"},
	"gist_reroll_any":   {"reroll any dice of a roll, once", "重掷一次掷骰中任意颗骰子"},
	"gist_reroll_one":   {"reroll one die and keep the new one", "重掷 1 颗骰子，须采用新结果"},
	"gist_reroll_n":     {"reroll %d dice of a roll", "重掷一次掷骰中的 %d 颗骰子"},
	"gist_reduce":       {"%s −%d each time", "每次%s −%d"},
	"gist_damage_as":    {"may take %s as %s", "可把%s当作%s承受"},
	"gist_attack_trait": {"may attack with %s instead of Might", "袭击时可用%s代替力量"},
	"gist_immune":       {"the %s don't affect you", "%s对你无效"},
	"gist_bites":        {"bites you: a %d-dice %s attack, you defend with %s", "噬咬你：%d 颗骰子的%s袭击，你以%s防御"},
	"gist_set":          {"with the %s too: %s", "同时持有%s时：%s"},
	"gist_held":         {"%s while you have it", "持有期间%s"},
	"gist_held_lose":    {"%s when taken; %s if you lose it", "到手时%s；失去时%s"},
	"gist_worn":         {"a %s roll of %d+ puts it on (%s) or takes it off", "%s考验 %d+ 可戴上（%s）或除下"},

	// Cards whose doing the data holds only as a roll's outcomes, or not
	// at all: one line each.
	"gist_bell":               {"a Sanity roll draws heroes (5+) or monsters (0–4) 1 space toward you", "神志考验：5+ 英雄、0–4 怪物向你移近一步"},
	"gist_bottle":             {"drink: roll 3 dice, from a move anywhere (6) to every trait −2 (0)", "饮用：掷 3 颗骰子，从移到任何房间（6）到四项能力各 −2（0）"},
	"gist_crystal-ball":       {"a Knowledge roll: 4+ puts an item or event of your pick on top of its deck, lower costs Sanity", "知识考验：4+ 把你挑的物品或事件牌放到牌叠顶，较低则神志下降"},
	"gist_dark-dice":          {"roll 3 dice: from a jump to an explorer (6) to every trait at its lowest (0)", "掷 3 颗骰子：从移到某人物处（6）到所有能力降至最低（0）"},
	"gist_dynamite":           {"thrown into the next room: all there roll Speed, 0–4 takes 4 physical damage", "掷入相邻房间：那里所有人做速度考验，0–4 受 4 点肉体损伤"},
	"gist_healing-salve":      {"Might and Speed back up to their starting values, yours or someone's in your room", "你或同房间的人物：力量及速度回复至基本值"},
	"gist_medical-kit":        {"a Knowledge roll heals up to 3 Might or Speed, yours or someone's in your room", "知识考验：为你或同房间的人物回复最多 3 点力量或速度"},
	"gist_music-box":          {"while open, anyone entering or starting in its room rolls Sanity 4+ or ends their turn", "打开时，进入其房间或在其中开始回合者须神志考验 4+，否则结束回合"},
	"gist_pickpockets-gloves": {"take one item from an explorer in your room", "从同房间的人物处拿取 1 件物品"},
	"gist_puzzle-box":         {"a Knowledge roll of 6+ opens it: draw 2 items", "知识考验 6+ 开启：抽 2 张物品牌"},
	"gist_smelling-salts":     {"Knowledge back up to its starting value, yours or someone's in your room", "你或同房间的人物：知识回复至基本值"},
	"gist_dog":                {"runs up to 6 spaces to fetch, carry or drop 1 item", "可跑最多 6 格，替你拾取、携带或丢下 1 件物品"},
	"gist_spirit-board":       {"before you move, look at the top tile of the room stack", "移动前可查看房间牌叠最顶的一块"},

	// When it can be used.
	"gist_when_held":            {"Works while you hold it", "持有即生效"},
	"gist_when_turn":            {"Once a turn, on your turn", "在你的回合使用，每回合一次"},
	"gist_when_after_haunt":     {"Once a turn on your turn, after the haunt", "作祟开始后，在你的回合使用，每回合一次"},
	"gist_when_turn_one":        {"Once, on your turn", "在你的回合使用一次"},
	"gist_when_after_haunt_one": {"Once, on your turn after the haunt", "作祟开始后，在你的回合使用一次"},
	"gist_when_any_turn":        {"On anyone's turn", "任何人的回合都可使用"},
	"gist_when_attack":          {"In your attacks, after the haunt", "作祟开始后，在你的袭击中使用"},
	"gist_when_instead_attack":  {"Instead of your attack, after the haunt", "作祟开始后，代替你的袭击使用"},
	"gist_when_every_roll":      {"On every roll it fits, never used up", "每次相符的掷骰都生效，不会用掉"},
	"gist_then_discard":         {"%s, then discard it", "%s，用后弃掉"},

	// What can't be done with it: t traded, d dropped, s stolen.
	"gist_nots_t":     {"can't be traded", "不能转交"},
	"gist_nots_d":     {"can't be dropped", "不能丢下"},
	"gist_nots_s":     {"can't be stolen", "不能被偷窃"},
	"gist_nots_td":    {"can't be traded or dropped", "不能转交或丢下"},
	"gist_nots_ts":    {"can't be traded or stolen", "不能转交或被偷窃"},
	"gist_nots_ds":    {"can't be dropped or stolen", "不能丢下或被偷窃"},
	"gist_nots_tds":   {"can't be traded, dropped or stolen", "不能转交、丢下或被偷窃"},
	"gist_companion":  {"Companion: %s", "同伴：%s"},
	"gist_not_object": {"Not an item: it isn't kept, traded or dropped", "不是物品：不会留在手上，不能转交或丢下"},
})

// gistWords says a card's two lines in h's language: what it gives, its
// parts a clause apart ("gist_sep"), then when it can be used and what
// can't be done with it, " · " apart; each begins with a capital (an
// English part may begin in lower case). A gist is the same data for as
// long as the server runs (one per card), so each is said once per
// language.
func gistWords(h Head, g *Gist) (gives, when string) {
	if g == nil {
		return "", ""
	}
	key := gistKey{g, h.Lang}
	if s, ok := gistsSaid.Load(key); ok {
		s := s.(gistSaid)
		return s.gives, s.when
	}
	var b strings.Builder
	for i, p := range g.Gives {
		if i > 0 {
			b.WriteString(h.T("gist_sep"))
		}
		b.WriteString(p.In(h.Lang))
	}
	gives = upperFirst(b.String())
	b.Reset()
	for i, p := range g.When {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(upperFirst(p.In(h.Lang)))
	}
	when = b.String()
	gistsSaid.Store(key, gistSaid{gives, when})
	return gives, when
}

// GistWords is gistWords in lang, for internal/seatview's tests.
func GistWords(lang string, g *Gist) (gives, when string) { return gistWords(Head{Lang: lang}, g) }

type gistKey struct {
	g    *Gist
	lang string
}

type gistSaid struct{ gives, when string }

// gistsSaid are the gists said so far, by gist and language.
var gistsSaid sync.Map

// upperFirst starts a line with a capital.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
