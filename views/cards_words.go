package views

// cardsWords are the Cards tab's texts (cards.templ): the hand and what
// can be done with each card, offers, "I drew…", piles, rooms and the
// outcome of a guided roll.
var _ = words(Words{
	"cards":            {"Cards", "卡牌"},
	"hand_empty":       {"You hold no cards.", "你没有持有任何卡牌。"},
	"worn":             {"worn", "已戴上"},
	"used":             {"used this turn", "本回合已使用"},
	"moved_here":       {"new this turn", "本回合新到手"},
	"use":              {"Use", "使用"},
	"mask_on":          {"Put the Mask on", "戴上面具"},
	"mask_off":         {"Take the Mask off", "除下面具"},
	"give":             {"Give", "转交"},
	"give_to":          {"Give to", "转交给"},
	"drop":             {"Drop", "丢下"},
	"drop_in":          {"Drop in room", "丢在房间"},
	"discard":          {"Discard", "弃掉"},
	"accept":           {"Accept", "接受"},
	"decline":          {"Decline", "拒绝"},
	"withdraw":         {"Take back", "收回"},
	"offer_to_me":      {"%s hands you the %s.", "%s 把%s交给你。"},
	"offer_from_me":    {"You offer the %s to %s.", "你把%s交给 %s。"},
	"i_drew":           {"I drew…", "我抽到了…"},
	"draw_not_now":     {"No card may be drawn now.", "现在不能抽牌。"},
	"deck_item":        {"Item", "物品"},
	"deck_event":       {"Event", "事件"},
	"type_to_find":     {"type to find", "输入查找"},
	"drew_it":          {"Drew it", "抽到了"},
	"omen_hint":        {"Omens: use “I drew an omen” on your turn (it needs the room for the haunt roll).", "预兆：请在你的回合使用“我翻出了预兆”（作祟掷骰需要房间）。"},
	"room_effects":     {"Room effects", "房间效果"},
	"room_gain_button": {"Gain once in this room", "在此房间获得一次"},
	"room_hurt_button": {"Ended my turn here", "在此结束回合"},
	"pick_up":          {"Pick up %s", "拾起%s"},
	"remains_of":       {"where %s died", "%s 死亡之处"},
	"remains_title":    {"Where %s died", "%s 死亡之处"},
	"pending_damage":   {"Take %d %s (%s): split it in the damage form.", "承受 %d 点%s（%s）：请在损伤表格中分配。"},
	"apply":            {"Apply", "执行"},
	"apply_outcome":    {"%s: you rolled %d. %s", "%s：你掷出 %d。%s"},
	"lose_card_warn":   {"Losing the %s costs you %s. Give it up?", "失去%s会令你%s。仍要交出吗？"},
	"share_outcome":    {"%s rolled %d for %s. %s", "%[1]s 为%[3]s掷出 %[2]d。%[4]s"},
	"guided_trait":     {"%s: %s roll", "%s：%s考验"},
	"heal_split":       {"Or split them, up to %d in all:", "或分开回复，合共最多 %d 点："},
	"guided_in_room":   {"%s in the %s", "%s（在%s）"},
	"guided_dice":      {"%s: roll %d dice", "%s：掷 %d 颗骰子"},
	"cause_any":        {"damage of your choice", "任选类型的损伤"},
	"take_from":        {"Take from %s", "从%s处拿取"},
	"name_item":        {"Item", "物品"},
	"choose_trait":     {"Trait", "能力"},
	"apply_to":         {"Apply to", "作用于"},
	"apply_to_me":      {"Myself", "自己"},
	"card_on":          {"open", "已打开"},
	"switch_on":        {"Open", "打开"},
	"switch_off":       {"Close", "合上"},
	"end_turn_in":      {"I end my turn in", "我在此结束回合"},
	"confirm_discard":  {"Discard %s? It leaves the game.", "弃掉 %s？它将离开游戏。"},
	"deck_omen":        {"Omen", "预兆"},
})

// pendingWords says damage still to be split: "Take 2 physical damage
// (Crypt): split it in the damage form."
func pendingWords(h Head, p PendingDamage) string {
	return h.T("pending_damage", p.Amount, h.T("cause_"+p.Kind), p.Source)
}

// useWord is a held card's use button: putting it on or taking it off (the
// Mask), opening or closing it (the Music Box), or using it.
func useWord(h Head, c HandCard) string {
	switch {
	case c.Toggles && c.On:
		return h.T("switch_off")
	case c.Toggles:
		return h.T("switch_on")
	case c.Wears && c.Worn:
		return h.T("mask_off")
	case c.Wears:
		return h.T("mask_on")
	}
	return h.T("use")
}

// offerWords says an open offer from the seat's side of it.
func offerWords(h Head, o OfferLine) string {
	if o.Mine {
		return h.T("offer_from_me", o.Card, o.Who)
	}
	return h.T("offer_to_me", o.Who, o.Card)
}

// applyWords says an outcome to apply (ApplyLine.Said).
func applyWords(h Head, a ApplyLine) string {
	switch a.Said {
	case "share":
		return h.T("share_outcome", a.Who, a.Total, a.Name, a.Outcome)
	case "effect":
		return a.Name + ": " + a.Outcome
	}
	return h.T("apply_outcome", a.Name, a.Total, a.Outcome)
}

// guidedRollWords is a guided roll's button: "Mirror: Sanity roll", "Creepy
// Crawlies: roll 3 dice", and where it is rolled when that changes it.
func guidedRollWords(h Head, r GuidedRoll) string {
	var s string
	if r.Trait != "" {
		s = h.T("guided_trait", r.Name, h.T("trait_"+r.Trait))
	} else {
		s = h.T("guided_dice", r.Name, r.Dice)
	}
	if r.RoomName != "" {
		s = h.T("guided_in_room", s, r.RoomName)
	}
	return s
}

// pileWords is a pile's title: its room, or where someone died.
func pileWords(h Head, p Pile) string {
	if p.Remains != "" {
		return h.T("remains_title", p.Remains)
	}
	return p.Name
}

// gainWords is a room that gives once, with what it gives.
func gainWords(h Head, g RoomGain) string {
	return g.Name + " (" + changes(h, g.Gain) + ")"
}

// handLinkWords is a card on a board's hand line, and whether it is worn.
func handLinkWords(h Head, l Link) string {
	if l.Worn {
		return l.Label + " (" + h.T("worn") + ")"
	}
	return l.Label
}
