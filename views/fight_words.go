package views

import (
	"cmp"
	"strconv"
	"strings"
)

// fightWords are the texts of the haunt's second half (fight.templ): attacks, monsters, the track
// and the ending.
var _ = words(Words{
	"fight":                     {"The haunt", "作祟"},
	"attack":                    {"Attack", "袭击"},
	"attack_target":             {"Target", "目标"},
	"attack_trait":              {"With", "使用"},
	"ranged":                    {"ranged (Revolver)", "远程（手枪）"},
	"defend":                    {"Roll my defence", "掷骰防御"},
	"defend_for":                {"Roll the defence for %s", "替 %s 掷骰防御"},
	"attack_rolled":             {"%s attacks %s with %s and rolls %d.", "%s 以%[3]s袭击 %[2]s，掷出 %[4]d 点。"},
	"attack_rolled_you":         {"%s attacks you with %s and rolls %d.", "%s 以%[2]s袭击你，掷出 %[3]d 点。"},
	"attack_ranged":             {"%s shoots at %s from range with %s and rolls %d.", "%s 以%[3]s远程袭击 %[2]s，掷出 %[4]d 点。"},
	"attack_ranged_you":         {"%s shoots at you from range with %s and rolls %d.", "%s 以%[2]s远程袭击你，掷出 %[3]d 点。"},
	"attack_waiting":            {"Waiting for %s to defend.", "等待 %s 防御。"},
	"attack_waiting_you":        {"Roll your defence.", "轮到你掷骰防御。"},
	"defense_rolled":            {"Defence rolls %d.", "防御掷出 %d 点。"},
	"attack_tie":                {"A tie: nothing happens.", "平手：无事发生。"},
	"attack_ranged_miss":        {"The shot missed; a ranged attacker takes nothing.", "射击落空；远程袭击者不受伤害。"},
	"attack_stunned":            {"%s is stunned.", "%s 陷入昏迷。"},
	"attack_done":               {"The attack is over.", "袭击结束。"},
	"attack_stolen":             {"%s stole the %s from %s instead of dealing damage.", "%s 偷走了 %[3]s 的%[2]s，代替造成损伤。"},
	"attack_may_steal":          {"Waiting for %s to choose: steal an item or deal the damage.", "等待 %s 选择：偷取一件物品，还是造成损伤。"},
	"deal_damage":               {"Deal the damage", "造成损伤"},
	"attack_armor":              {"The Armor stops the damage to %s.", "铠甲挡住了 %s 受到的损伤。"},
	"attack_loses":              {"%s loses and takes %d %s.", "%s 落败，承受 %d 点%s。"},
	"attack_loses_you":          {"You lose and take %d %s.", "你落败了，承受 %d 点%s。"},
	"resolve_damage":            {"You lost: split %d %s", "你落败了：分配 %d 点%s"},
	"damage_as":                 {"Or take the %d as %s", "或将这 %d 点作为%s承受"},
	"steal_instead":             {"Steal instead of dealing damage:", "改为偷取（不造成损伤）："},
	"monsters":                  {"Monsters", "怪物"},
	"stunned":                   {"stunned", "昏迷"},
	"stun":                      {"Stun", "击昏"},
	"monster_move":              {"Move roll: %s", "移动掷骰：%s"},
	"monster_attacks":           {"Monster attacks", "怪物袭击"},
	"add_monsters":              {"Add monsters", "加入怪物"},
	"monster_kind":              {"Kind", "种类"},
	"monster_count":             {"How many", "数量"},
	"track":                     {"Turn/damage track", "回合/损伤记录表"},
	"track_edit":                {"Set the track", "设定记录表"},
	"track_value":               {"Value", "数值"},
	"track_label":               {"What it counts", "记录内容"},
	"track_to":                  {"Set the track to %d", "把记录表设为 %d"},
	"set":                       {"Set", "设定"},
	"turn_order":                {"Turn order: %s", "行动顺序：%s"},
	"game_over":                 {"The game is over…", "游戏结束…"},
	"heroes_won":                {"The heroes won", "英雄获胜"},
	"traitor_won":               {"The traitor won", "奸徒获胜"},
	"won_heroes":                {"The heroes won!", "英雄获胜！"},
	"won_traitor":               {"The traitor won!", "奸徒获胜！"},
	"join_traitor":              {"%s joins the traitor", "%s 加入奸徒一方"},
	"summary_haunt":             {"Haunt", "作祟"},
	"summary_traitor":           {"Traitor", "奸徒"},
	"summary_dead":              {"Died", "死亡"},
	"summary_nobody":            {"nobody", "无人"},
	"summary_rolls":             {"Rolls made", "掷骰次数"},
	"summary_duration":          {"Time played", "游戏时长"},
	"monsters_turn":             {"The monsters' turn", "怪物的回合"},
	"end_monsters_turn":         {"End the monsters' turn", "结束怪物的回合"},
	"traitor_reminder_rooms":    {"Room effects that don't deal damage don't affect you or your monsters.", "不会造成损伤的房间效果对你和怪物无效。"},
	"traitor_reminder_events":   {"You may ignore event cards you draw (decide before rolling).", "你可以无视自己抽到的事件牌（须在掷骰前决定）。"},
	"traitor_reminder_elevator": {"You choose where the Mystic Elevator goes, without rolling (once per round for your side).", "你无需掷骰即可决定神秘升降梯的去向（你方每轮一次）。"},
	"confirm_heroes_won":        {"End the game: the heroes won?", "结束游戏：英雄获胜？"},
	"confirm_traitor_won":       {"End the game: the traitor won?", "结束游戏：奸徒获胜？"},
})

// attackWords says where the attack in progress stands, as this screen
// reads it (the defender's and the loser's own phones say "you").
func attackWords(h Head, a *Attack) string {
	if a == nil {
		return ""
	}
	// Chinese sentences follow one another without a space.
	sp, open, shut := " ", " (", ")"
	if h.Lang == "zh" {
		sp, open, shut = "", "（", "）"
	}
	text := attackLineWords(h, a)
	if a.Weapon != "" {
		text += open + a.Weapon + shut
	}
	if !a.Defended {
		if a.ToYou {
			return text + sp + h.T("attack_waiting_you")
		}
		return text + sp + h.T("attack_waiting", a.Defender)
	}
	text += sp + h.T("defense_rolled", a.Defense)
	switch a.Outcome {
	case "tie", "ranged_miss", "armor", "stunned":
		if a.Outcome == "armor" || a.Outcome == "stunned" {
			return text + sp + h.T("attack_"+a.Outcome, a.Loser)
		}
		return text + sp + h.T("attack_"+a.Outcome)
	case "done":
		if t := a.Stolen; t != nil {
			text += sp + h.T("attack_stolen", t.By, t.Card, t.From)
		}
		return text + sp + h.T("attack_done")
	}
	if a.LoserYou {
		text += sp + h.T("attack_loses_you", a.Damage, h.T("cause_"+a.Kind))
	} else {
		text += sp + h.T("attack_loses", a.Loser, a.Damage, h.T("cause_"+a.Kind))
	}
	if a.MayStealWinner != "" {
		text += sp + h.T("attack_may_steal", a.MayStealWinner)
	}
	return text
}

// attackLineWords says who attacks whom, how, and what the attack rolled:
// the number is the roll, not the trait's value, and a ranged attack says
// so.
func attackLineWords(h Head, a *Attack) string {
	key := "attack_rolled"
	if a.Ranged {
		key = "attack_ranged"
	}
	trait := h.T("trait_" + a.Trait)
	if a.ToYou {
		return h.T(key+"_you", a.Attacker, trait, a.Total)
	}
	return h.T(key, a.Attacker, a.Defender, trait, a.Total)
}

// AttackWords is attackWords in lang, for the now bar's sentences
// (internal/seatview/phone.go).
func AttackWords(lang string, a *Attack) string { return attackWords(Head{Lang: lang}, a) }

// turnOrderWords is the haunt's turn order: "Ann → Bob → the monsters".
func turnOrderWords(h Head, order []string) string {
	names := make([]string, len(order))
	for i, n := range order {
		names[i] = cmp.Or(n, h.T("monsters"))
	}
	return h.T("turn_order", strings.Join(names, " → "))
}

// attackTraitWords is a trait an attack may be made with, and its weapons.
func attackTraitWords(h Head, t AttackTrait) string {
	s := h.T("trait_" + t.ID)
	for _, w := range t.Weapons {
		s += " (" + w + ")"
	}
	return s
}

// monsterTraitWords is a monster's traits: "Might 6 · Speed 3".
func monsterTraitWords(h Head, ts []TraitChange) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(h.T("trait_" + t.Trait))
		b.WriteString(" ")
		b.WriteString(strconv.Itoa(t.N))
	}
	return b.String()
}

// trackWords is the track's label: the players' own, or "Track".
func trackWords(h Head, t TrackLine) string { return cmp.Or(t.Label, h.T("track")) }
