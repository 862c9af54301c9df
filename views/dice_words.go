package views

// diceWords are the texts of the dice roller and the roll log (dice.templ).
var _ = words(Words{
	"roll_attack":           {"attack with %s, %d dice", "以%s袭击，%d 颗骰子"},
	"roll_defend":           {"defence with %s, %d dice", "以%s防御，%d 颗骰子"},
	"dice":                  {"Dice", "骰子"},
	"roll_what":             {"Roll", "掷骰"},
	"roll_plain":            {"Any number of dice", "指定骰子数"},
	"dice_count":            {"Dice", "骰子数"},
	"roll_for":              {"For", "用途"},
	"purpose_free":          {"anything", "其他"},
	"purpose_event":         {"an event card", "事件牌"},
	"purpose_room":          {"a room", "房间"},
	"purpose_item":          {"an item or omen", "物品或预兆"},
	"target":                {"Target (N+)", "目标值（至少）"},
	"modifiers":             {"Cards that change the roll", "影响掷骰的卡牌"},
	"angel_choose":          {"Angel Feather result", "天使之羽指定结果"},
	"stored_result":         {"Stored by It Is Meant to Be: %d", "“窥视未来”存下的结果：%d"},
	"roll_server":           {"Roll", "掷骰"},
	"real_total":            {"Real total", "实体骰总点数"},
	"record_real":           {"Record real dice", "记录实体骰子"},
	"your_last_roll":        {"Your last roll:", "你上次掷出："},
	"reroll_ticked":         {"Reroll the ticked dice (%s)", "重掷勾选的骰子（%s）"},
	"reroll_one":            {"%s: reroll one die", "%s：重掷一颗骰子"},
	"reroll_die":            {"Reroll die %d (showing %d)", "重掷第 %d 颗骰子（当前 %d）"},
	"roll_log":              {"Rolls", "掷骰记录"},
	"target_met":            {"%d+ made", "达到 %d+"},
	"target_missed":         {"%d+ missed", "未达 %d+"},
	"real_dice":             {"real dice", "实体骰子"},
	"mod_candle":            {"+1 die on event rolls", "事件掷骰 +1 颗骰子"},
	"mod_a-moment-of-hope":  {"+1 die (heroes, after the haunt)", "+1 颗骰子（作祟后，仅英雄）"},
	"mod_drip-drip-drip":    {"−1 die (never below 1)", "−1 颗骰子（最少 1 颗）"},
	"mod_adrenaline-shot":   {"+4 to the result, then discard", "结果 +4，然后弃掉"},
	"mod_angel-feather":     {"choose any result 0–8, then discard", "任选 0–8 作为结果，然后弃掉"},
	"mod_it-is-meant-to-be": {"use the stored result once", "使用存下的结果一次"},
})

// rollWords says what a roll was for: "Speed roll, 4 dice · an event card",
// "Haunt roll (3 omens)".
func rollWords(h Head, r RollLine) string {
	switch {
	case r.Purpose == "haunt":
		return h.T("roll_haunt", r.OmenCount)
	case r.Purpose == "monster-move":
		return h.T("roll_monster_move", r.Source, r.Dice, r.Move)
	case r.Purpose == "damage": // a damage die says what it is for
		if r.Source == "" {
			return h.T("roll_damage_plain", r.Dice)
		}
		return h.T("roll_damage", r.Source, r.Dice)
	case r.Purpose == "attack" || r.Purpose == "defend":
		return h.T("roll_"+r.Purpose, h.T("trait_"+r.Trait), r.Dice)
	case r.Trait != "":
		return h.T("roll_trait", h.T("trait_"+r.Trait), r.Dice) + purposeSuffix(h, r.Purpose)
	case r.Stored:
		return h.T("roll_meant", r.Dice)
	default:
		return h.T("roll_plain_n", r.Dice) + purposeSuffix(h, r.Purpose)
	}
}

func purposeSuffix(h Head, purpose string) string {
	switch purpose {
	case "event", "room", "item":
		return " · " + h.T("purpose_"+purpose)
	}
	return ""
}

// RollWords is rollWords in lang, for the sentences internal/seatview
// writes from the events (the log, the now bar's hint).
func RollWords(lang string, r RollLine) string { return rollWords(Head{Lang: lang}, r) }

// whoWords is who rolled: a seat, or the monsters.
func whoWords(h Head, r RollLine) string {
	if r.Monsters {
		return h.T("monsters")
	}
	return r.Who
}

// WhoWords is whoWords in lang, for internal/seatview's sentences.
func WhoWords(lang string, r RollLine) string { return whoWords(Head{Lang: lang}, r) }

// purposeWords is a purpose the roller offers: a plain one, or a card's
// stored roll (It Is Meant to Be).
func purposeWords(h Head, id string) string {
	switch id {
	case "":
		return h.T("purpose_free")
	case "event", "room", "item":
		return h.T("purpose_" + id)
	}
	return h.T("purpose_meant")
}
