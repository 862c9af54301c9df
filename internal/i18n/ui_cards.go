package i18n

func init() {
	for k, v := range uiCards {
		messages[k] = v
	}
}

// uiCards holds the texts of hands, decks, piles and guided effects.
var uiCards = map[string][2]string{
	"cards":              {"Cards", "卡牌"},
	"hand_empty":         {"You hold no cards.", "你没有持有任何卡牌。"},
	"worn":               {"worn", "已戴上"},
	"used":               {"used this turn", "本回合已使用"},
	"use":                {"Use", "使用"},
	"mask_on":            {"Put the Mask on", "戴上面具"},
	"mask_off":           {"Take the Mask off", "除下面具"},
	"give":               {"Give", "转交"},
	"give_to":            {"Give to", "转交给"},
	"drop":               {"Drop", "丢下"},
	"drop_in":            {"Drop in room", "丢在房间"},
	"discard":            {"Discard", "弃掉"},
	"accept":             {"Accept", "接受"},
	"decline":            {"Decline", "拒绝"},
	"withdraw":           {"Take back", "收回"},
	"offer_to_me":        {"%s hands you the %s.", "%s 把%s交给你。"},
	"offer_from_me":      {"You offer the %s to %s.", "你把%s交给 %s。"},
	"i_drew":             {"I drew…", "我抽到了…"},
	"deck_item":          {"Item", "物品"},
	"deck_event":         {"Event", "事件"},
	"type_to_find":       {"type to find", "输入查找"},
	"drew_it":            {"Drew it", "抽到了"},
	"omen_hint":          {"Omens: use “I drew an omen” on your turn (it needs the room for the haunt roll).", "预兆：请在你的回合使用“我翻出了预兆”（作祟掷骰需要房间）。"},
	"room_effects":       {"Room effects", "房间效果"},
	"room_gain_button":   {"Gain once in this room", "在此房间获得一次"},
	"room_hurt_button":   {"Ended my turn here", "在此结束回合"},
	"pick_up":            {"Pick up %s", "拾起%s"},
	"remains_of":         {"where %s died", "%s 死亡之处"},
	"pending_damage":     {"Take %d %s (%s): split it in the damage form.", "承受 %d 点%s（%s）：请在损伤表格中分配。"},
	"apply":              {"Apply", "执行"},
	"apply_outcome":      {"%s: you rolled %d. %s", "%s：你掷出 %d。%s"},
	"guided_trait":       {"%s: %s roll", "%s：%s考验"},
	"guided_dice":        {"%s: roll %d dice", "%s：掷 %d 颗骰子"},
	"log_card_drawn":     {"%s drew %s", "%s 抽到%s"},
	"log_card_given":     {"%s gave the %s to %s", "%s 把%s交给 %s"},
	"log_card_dropped":   {"%s left the %s: %s", "%s 丢下%s：%s"},
	"log_card_picked":    {"%s picked up the %s: %s", "%s 拾起%s：%s"},
	"log_card_stolen":    {"%s stole the %s from %s", "%s 从 %[3]s 偷走了%[2]s"},
	"log_card_discarded": {"%s discarded the %s", "%s 弃掉了%s"},
	"log_offer_closed":   {"%s's card offer was closed", "给 %s 的卡牌交接已结束"},
	"log_card_used":      {"%s used the %s", "%s 使用了%s"},
	"log_damage_taken":   {"%s took the damage", "%s 承受了损伤"},
	"log_room_gain":      {"%s gained from the %s", "%s 从%s获得能力"},
	"log_roll_applied":   {"%s applied a roll's outcome", "%s 执行了掷骰结果"},
	"cause_any":          {"damage of your choice", "任选类型的损伤"},
}
