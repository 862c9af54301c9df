package views

import (
	"html"
	"strconv"
	"strings"
)

// hauntWords are the texts of omens, the haunt roll, the reveal and the haunt chart (haunt.templ).
var _ = words(Words{
	"played_before":          {"Your group has finished this haunt %d time(s) before.", "你们已完成过这个作祟 %d 次。"},
	"select_another":         {"Selecting another haunt", "另选作祟"},
	"roll_monster_move":      {"%s move: %d dice, moves up to %[3]d", "%s移动：%d 颗骰子，最多移动 %[3]d 格"},
	"roll_damage":            {"damage from %s, %d dice", "%s造成的损伤，%d 颗骰子"},
	"roll_damage_plain":      {"damage, %d dice", "损伤，%d 颗骰子"},
	"reselect_hint":          {"The group has played this haunt? Take the next nearest discovered omen room to the revealer; if none gives a new haunt, draw a new omen (the old one goes back in the deck).", "已玩过这个作祟？改用离揭露者最近的另一个带预兆标记的已发现房间；若都不行，就翻一张新的预兆（旧的洗回牌堆）。"},
	"reselect_room":          {"Next nearest omen room", "下一个最近的预兆房间"},
	"reselect_by_room":       {"Use this room", "使用此房间"},
	"reselect_omen":          {"New omen drawn", "新翻出的预兆"},
	"reselect_by_omen":       {"Use this omen", "使用此预兆"},
	"purpose_meant":          {"It Is Meant to Be (store 4 dice)", "窥视未来（存下 4 颗骰子的结果）"},
	"roll_trait":             {"%s roll, %d dice", "%s考验，%d 颗骰子"},
	"roll_plain_n":           {"%d dice", "%d 颗骰子"},
	"roll_meant":             {"It Is Meant to Be, %d dice stored", "窥视未来，存下 %d 颗骰子"},
	"roll_haunt":             {"haunt roll (omens drawn: %d)", "作祟掷骰（预兆数 %d）"},
	"omen":                   {"Omen", "预兆"},
	"room":                   {"Room", "房间"},
	"in_room":                {"Drawn in", "翻出的房间"},
	"drew_omen":              {"I drew an omen", "我翻出了预兆"},
	"record_omen":            {"Record omen", "记录预兆"},
	"omen_count":             {"Omens drawn: %d", "已翻出预兆：%d"},
	"owes_haunt_roll":        {"%s owes a haunt roll", "%s 需要进行作祟掷骰"},
	"haunt_chance":           {"chance the haunt roll starts the haunt: %s", "作祟掷骰揭露真相的机会：%s"},
	"haunt_chance_next":      {"chance the next omen's haunt roll starts the haunt: %s", "翻出下一张预兆时，作祟掷骰揭露真相的机会：%s"},
	"haunt_roll_now":         {"Make the haunt roll", "进行作祟掷骰"},
	"haunt_roll_explain":     {"You drew the %s in the %s. Roll 6 dice: if the total is less than %d (the omens drawn), the haunt begins.", "你在%[2]s翻出了%[1]s。掷 6 颗骰子：若总点数小于 %[3]d（已翻出的预兆数），作祟开始。"},
	"roll_six":               {"Roll 6 dice", "掷 6 颗骰子"},
	"haunt_title":            {"Haunt %d: %s", "作祟 %d：%s"},
	"revealed_by":            {"Revealed by %s.", "揭露者：%s。"},
	"traitor_is":             {"The traitor is %s.", "奸徒是 %s。"},
	"you_traitor":            {"You are the traitor. Take the Traitor's Tome, haunt %d, and read it away from the table.", "你是奸徒。拿起《奸徒密谋》，翻到作祟 %d，离开桌子独自阅读。"},
	"you_hero":               {"You are a hero. Read Secrets of Survival, haunt %d, together.", "你是英雄。一起阅读《求生秘诀》的作祟 %d。"},
	"you_all_heroes":         {"There is no traitor now: everyone reads Secrets of Survival, haunt %d, together.", "目前没有奸徒：所有人一起阅读《求生秘诀》的作祟 %d。"},
	"you_hidden_traitor":     {"Your token is #%d: you are the hidden traitor. Tell no one. Everyone reads Secrets of Survival, haunt %d.", "你的标记是 %d 号：你就是隐藏的奸徒。不要告诉任何人。所有人阅读《求生秘诀》的作祟 %d。"},
	"you_hidden_hero":        {"Your token is #%d: you are not the traitor. Everyone reads Secrets of Survival, haunt %d.", "你的标记是 %d 号：你不是奸徒。所有人阅读《求生秘诀》的作祟 %d。"},
	"reveal_token":           {"Turn my token face up", "翻开我的标记"},
	"token_shown":            {"%s turned their token face up: #%d", "%s 翻开了标记：%d 号"},
	"traitor_shown":          {"%s turned their token face up: #1. %s is the traitor.", "%s 翻开了标记：1 号。%s 就是奸徒。"},
	"you_shown_traitor":      {"Your token #1 is face up: everyone knows you are the traitor. Everyone reads Secrets of Survival, haunt %d.", "你的 1 号标记已经翻开：所有人都知道你是奸徒。所有人阅读《求生秘诀》的作祟 %d。"},
	"why_named":              {"The haunt names %s, who is in play.", "本作祟指定 %s，且该人物正在游戏中。"},
	"why_named_absent":       {"The haunt names %s, who is not in play, so:", "本作祟指定的 %s 不在游戏中，因此："},
	"why_revealer":           {"The haunt revealer is the traitor.", "揭露者就是奸徒。"},
	"why_left":               {"The explorer to the revealer's left is the traitor.", "揭露者左方的探险者是奸徒。"},
	"why_none":               {"This haunt has no traitor.", "本作祟没有奸徒。"},
	"why_none_at_first":      {"This haunt has no traitor at first.", "本作祟开始时没有奸徒。"},
	"why_hidden":             {"Hidden traitor: tokens 1 to N were dealt face down; #1 is the traitor and only they know.", "隐藏的奸徒：编号从 1 到玩家人数的标记已背面朝上发出；拿到 1 号的是奸徒，只有本人知道。"},
	"why_hidden_shown":       {"Hidden traitor: tokens 1 to N were dealt face down; #1 has been turned face up, so everyone knows the traitor.", "隐藏的奸徒：编号从 1 到玩家人数的标记已背面朝上发出；1 号标记已经翻开，所有人都知道谁是奸徒。"},
	"why_hidden_heroes":      {"Hidden traitor: tokens 1 to N were dealt face down; #1 is the traitor. Turned face up so far: %s, not the traitor.", "隐藏的奸徒：编号从 1 到玩家人数的标记已背面朝上发出；拿到 1 号的是奸徒。已翻开的标记：%s，都不是奸徒。"},
	"why_highest_trait":      {"Highest %s", "%s最高"},
	"why_lowest_trait":       {"Lowest %s", "%s最低"},
	"why_oldest_explorer":    {"Oldest explorer", "年龄最大的探险者"},
	"why_youngest_explorer":  {"Youngest explorer", "年龄最小的探险者"},
	"why_except_revealer":    {" (except the revealer)", "（揭露者除外）"},
	"why_tie_revealer":       {"%s tie; the revealer is among them and is the traitor", "%s 并列；揭露者在其中，因此揭露者是奸徒"},
	"why_tie_left":           {"%s tie; %s sits nearest the revealer's left", "%s 并列；%s 坐在最靠近揭露者左方的位置"},
	"rule_revealer":          {"The haunt revealer", "揭露者"},
	"rule_left_of_revealer":  {"The explorer left of the haunt revealer", "揭露者左方的探险者"},
	"rule_highest_trait":     {"Highest %s", "%s最高者"},
	"rule_lowest_trait":      {"Lowest %s", "%s最低者"},
	"rule_oldest_explorer":   {"Oldest explorer", "年龄最大的探险者"},
	"rule_youngest_explorer": {"Youngest explorer", "年龄最小的探险者"},
	"rule_none":              {"No traitor", "没有奸徒"},
	"rule_none_at_first":     {"No traitor at first", "开始时没有奸徒"},
	"rule_hidden":            {"Hidden traitor", "隐藏的奸徒"},
	"rule_named":             {"%s if in play, otherwise: %s", "%s（若在游戏中），否则：%s"},
	"chart_title":            {"Haunt chart", "真相表"},
	"chart_caption":          {"The omen that started the haunt (columns) and the room it was drawn in (rows) give the haunt number.", "引发作祟的预兆（列）与其翻出的房间（行）决定作祟编号。"},
	"look_up":                {"Look up", "查询"},
	"traitor_rule":           {"Traitor: %s", "奸徒：%s"},
})

// traitorWhyWords says in words how the traitor was picked.
func traitorWhyWords(h Head, w TraitorWhy) string {
	var parts []string
	if w.Explorer != "" {
		if w.Named {
			return h.T("why_named", w.Explorer)
		}
		parts = append(parts, h.T("why_named_absent", w.Explorer))
	}
	switch w.Kind {
	case "revealer":
		parts = append(parts, h.T("why_revealer"))
	case "left_of_revealer":
		parts = append(parts, h.T("why_left"))
	case "none":
		parts = append(parts, h.T("why_none"))
	case "none_at_first":
		parts = append(parts, h.T("why_none_at_first"))
	case "hidden":
		// Once a token is face up, "only they know" is no longer true.
		switch {
		case w.TraitorShown:
			parts = append(parts, h.T("why_hidden_shown"))
		case len(w.ShownHeroes) > 0:
			nums := make([]string, len(w.ShownHeroes))
			for i, n := range w.ShownHeroes {
				nums[i] = "#" + strconv.Itoa(n)
			}
			parts = append(parts, h.T("why_hidden_heroes", strings.Join(nums, ", ")))
		default:
			parts = append(parts, h.T("why_hidden"))
		}
	case "highest_trait", "lowest_trait", "oldest_explorer", "youngest_explorer":
		what := h.T("why_" + w.Kind)
		if w.Trait != "" {
			what = h.T("why_"+w.Kind, h.T("trait_"+w.Trait))
		}
		if w.ExceptRevealer {
			what += h.T("why_except_revealer")
		}
		switch w.TieBreak {
		case "revealer":
			parts = append(parts, what+": "+h.T("why_tie_revealer", strings.Join(w.Tied, ", ")))
		case "left":
			parts = append(parts, what+": "+h.T("why_tie_left", strings.Join(w.Tied, ", "), w.Left))
		default:
			parts = append(parts, what+": "+strings.Join(w.All, ", "))
		}
	}
	return strings.Join(parts, " ")
}

// shownWords says a token turned face up.
func shownWords(h Head, s ShownToken) string {
	if s.Token == 1 {
		return h.T("traitor_shown", s.Name, s.Name)
	}
	return h.T("token_shown", s.Name, s.Token)
}

// traitorRuleWords states a haunt's traitor rule.
func traitorRuleWords(h Head, r TraitorRule) string {
	text := h.T("rule_" + r.Kind)
	if r.Trait != "" {
		text = h.T("rule_"+r.Kind, h.T("trait_"+r.Trait))
	}
	if r.ExceptRevealer {
		text += h.T("why_except_revealer")
	}
	if r.Explorer != "" {
		text = h.T("rule_named", r.Explorer, text)
	}
	return text
}

// TraitorRuleWords is traitorRuleWords in lang, for the chart's JSON
// answer (internal/web/chart.go).
func TraitorRuleWords(lang string, r TraitorRule) string {
	return traitorRuleWords(Head{Lang: lang}, r)
}

// secretWords is the seat's own line of a hidden-traitor haunt card:
// its token, whether it is the traitor (data-secret, for tests and scripts;
// the stylesheet must not colour it, or the phone would tell the table from
// across the room), padded to the longest line any of the deal's tokens
// (1 to most) would give.
func secretWords(h Head, number, token, most int) string {
	line := secretRevealLine(h, number, token)
	width := 0
	for t := 1; t <= most; t++ {
		width = max(width, len(secretRevealLine(h, number, t)))
	}
	return line + strings.Repeat(" ", width-len(line))
}

// secretRevealLine uses unquoted attributes and entities for quotes and
// backslashes: nothing that JSON escapes, so the line is as long inside a
// stream message as in the page.
func secretRevealLine(h Head, number, token int) string {
	key, side := "you_hidden_hero", "hero"
	if token == 1 {
		key, side = "you_hidden_traitor", "traitor"
	}
	text := strings.ReplaceAll(html.EscapeString(h.T(key, token, number)), `\`, "&#92;")
	return "<p class=book data-secret=" + side + ">" + text + "</p>"
}
