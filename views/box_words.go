package views

import (
	"fmt"
	"strings"
)

// boxWords are the texts of the box's pages (box.templ): search, and the card, room and rule
// pages.
var _ = words(Words{
	"search":                   {"Ask", "提问"},
	"search_title":             {"Ask Lantern", "问 Lantern"},
	"search_placeholder":       {"Ask a rule or card question (e.g. can I use two weapons, 平手时谁是叛徒)", "问规则或卡牌（如：两个武器、平手时谁是叛徒、dog）"},
	"search_short_placeholder": {"Ask… can I trade? / 狗", "提问… 怪物会死吗"},
	"search_empty":             {"Type a question, or the name of a card or room.", "请输入问题，或卡牌、房间的名字。"},
	"search_long":              {"That is too long for a question: ask it in at most %d characters.", "问题太长了：请用不超过 %d 个字提问。"},
	"search_no_words":          {"There are no words to look for in that: ask with words.", "这里面没有可以查找的字词：请用文字提问。"},
	"search_none":              {"No rule or card answers “%s”. Try other words, or a card's name.", "没有规则或卡牌回答“%s”。请换个说法，或输入卡牌名字。"},
	"search_more":              {"Other answers", "其他答案"},
	"search_choices":           {"These answer alike: pick the one you mean", "这几条同样相关：请选你要问的那条"},
	"search_nearest":           {"Nearest in the rules", "规则中最接近的"},
	"search_unsure":            {"Nothing in the rules or cards answers this well.", "规则和卡牌里没有能很好回答这个问题的内容。"},
	"search_unsure_haunt":      {"Only the haunt's book answers this: haunt %d, “%s”. Heroes read it in Secrets of Survival, the traitor in the Traitor's Tome.", "只有作祟手册能回答这个：作祟 %d《%s》。英雄看《求生秘诀》，奸徒看《奸徒密谋》。"},
	"search_unsure_in_haunt":   {"Nothing in the rules or cards answers this well: during the haunt, its own rules are in its book, haunt %d, “%s” (heroes: Secrets of Survival; the traitor: the Traitor's Tome).", "规则和卡牌里没有能很好回答这个问题的内容：作祟期间，它自己的规则在手册里，作祟 %d《%s》（英雄看《求生秘诀》，奸徒看《奸徒密谋》）。"},
	"search_source_faq":        {"FAQ ruling", "官方问答裁定"},
	"search_source_rule":       {"Rules · %s", "规则 · %s"},
	"search_source_omen":       {"Omen card", "预兆牌"},
	"search_source_item":       {"Item card", "物品牌"},
	"search_source_event":      {"Event card", "事件牌"},
	"search_source_room":       {"Room", "房间"},
	"search_whole_section":     {"The whole section: %s", "查看整节：%s"},
	"search_open_entry":        {"Open %s", "打开%s"},
	"kind_faq":                 {"FAQ ruling", "问答裁定"},
	"box_title":                {"Everything in the box", "盒中所有内容"},
	"kind_card":                {"card", "卡牌"},
	"kind_room":                {"room", "房间"},
	"kind_rule":                {"rule", "规则"},
	"group_rule":               {"Rules", "规则"},
	"group_omen":               {"Omens", "预兆牌"},
	"group_item":               {"Items", "物品牌"},
	"group_event":              {"Events", "事件牌"},
	"group_room":               {"Rooms", "房间"},
	"related":                  {"See also", "另见"},
	"source_note":              {"Sources and rulings", "资料来源与裁定"},
	"on_gain":                  {"When gained", "获得时"},
	"on_lose":                  {"When lost", "失去时"},
	"weapon":                   {"Weapon", "武器"},
	"weapon_dice":              {"%s attack, +%d dice (only when attacking)", "%s攻击，+%d 颗骰子（仅在攻击时）"},
	"tradeable":                {"Can be traded", "可以交易"},
	"droppable":                {"Can be dropped", "可以丢弃"},
	"stealable":                {"Can be stolen", "可以被偷"},
	"discard_after_use":        {"Discard after use", "使用后丢弃"},
	"yes":                      {"yes", "是"},
	"no":                       {"no", "否"},
	"roll_dice_n":              {"Roll %d dice", "掷 %d 颗骰子"},
	"roll_trait_label":         {"%s roll", "%s考验"},
	"floors":                   {"Floors", "楼层"},
	"floor_upper":              {"upper", "上层"},
	"floor_ground":             {"ground", "地面层"},
	"floor_basement":           {"basement", "地下层"},
	"symbols":                  {"Card symbols", "卡牌标记"},
	"symbol_omen":              {"omen", "预兆"},
	"symbol_item":              {"item", "物品"},
	"symbol_event":             {"event", "事件"},
	"once_gain":                {"Once per explorer", "每名探险者一次"},
	"end_turn_damage":          {"Ending your turn here", "在此结束回合"},
})

// answerSource says where an answer comes from: "FAQ ruling", "Rules ·
// Attacks", "Item card".
func answerSource(h Head, a Answer) string {
	switch a.Kind {
	case "faq":
		return h.T("search_source_faq")
	case "rule":
		return h.T("search_source_rule", a.Section)
	case "card":
		return h.T("search_source_" + a.Deck)
	case "room":
		return h.T("search_source_room")
	}
	return ""
}

// AnswerSource is answerSource in lang, for the search API's answers.
func AnswerSource(lang string, a Answer) string { return answerSource(Head{Lang: lang}, a) }

// answerLinkWords label an answer's link: the whole section a passage is
// in, or the card's or room's own page.
func answerLinkWords(h Head, a Answer) string {
	switch a.Kind {
	case "faq", "rule":
		return h.T("search_whole_section", a.Section)
	case "card", "room":
		return h.T("search_open_entry", a.Title)
	}
	return ""
}

// entryKindWords say what an entry is, above its title: a card's deck
// ("Omens"), a room, a rule.
func entryKindWords(p EntryPage) string {
	if p.Kind == "card" {
		return p.T("group_" + p.Deck)
	}
	return p.T("kind_" + p.Kind)
}

// entryFacts say a card's or a room's details, each labelled.
func entryFacts(p EntryPage) []Fact {
	var facts []Fact
	add := func(label, value string) { facts = append(facts, Fact{Label: p.T(label), Value: value}) }
	yesNo := func(b bool) string {
		if b {
			return p.T("yes")
		}
		return p.T("no")
	}
	if c := p.Card; c != nil {
		if len(c.OnGain) > 0 {
			add("on_gain", changes(p.Head, c.OnGain))
		}
		if len(c.OnLose) > 0 {
			add("on_lose", changes(p.Head, c.OnLose))
		}
		if w := c.Weapon; w != nil {
			add("weapon", p.T("weapon_dice", p.T("trait_"+w.Trait), w.Dice))
		}
		if c.Keeps {
			add("tradeable", yesNo(c.Tradeable))
			add("droppable", yesNo(c.Droppable))
			add("stealable", yesNo(c.Stealable))
		}
		if c.DiscardAfterUse {
			add("discard_after_use", p.T("yes"))
		}
	}
	if r := p.Room; r != nil {
		floors := make([]string, len(r.Floors))
		for i, f := range r.Floors {
			floors[i] = p.T("floor_" + f)
		}
		add("floors", strings.Join(floors, ", "))
		var symbols []string
		for _, s := range r.Symbols {
			symbols = append(symbols, fmt.Sprintf("%s × %d", p.T("symbol_"+s.Kind), s.N))
		}
		if len(symbols) > 0 {
			add("symbols", strings.Join(symbols, ", "))
		}
		if len(r.OnceGain) > 0 {
			add("once_gain", changes(p.Head, r.OnceGain))
		}
		if d := r.EndTurnDamage; d != nil {
			add("end_turn_damage", fmt.Sprintf("%d %s", d.Amount, p.T("cause_"+d.Kind)))
		}
	}
	return facts
}
