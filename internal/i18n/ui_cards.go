package i18n

// uiCards holds the log's lines about cards (seatview/log.go) and the
// two-player variant's texts; the Cards tab's words are in views/cards_words.go.
var _ = register(map[string][2]string{
	"log_card_drawn":     {"%s drew %s", "%s 抽到%s"},
	"log_card_given":     {"%s gave the %s to %s", "%s 把%s交给 %s"},
	"log_card_dropped":   {"%s left the %s: %s", "%s 丢下%s：%s"},
	"log_card_picked":    {"%s picked up the %s: %s", "%s 拾起%s：%s"},
	"log_card_stolen":    {"%s stole the %s from %s", "%s 从 %[3]s 偷走了%[2]s"},
	"log_card_discarded": {"%s discarded the %s", "%s 弃掉了%s"},
	"log_card_offered":   {"%s hands the %s to %s", "%s 把%s交给 %s"},
	"log_card_used":      {"%s used the %s", "%s 使用了%s"},
	"log_damage_taken":   {"%s took the damage", "%s 承受了损伤"},
	"log_room_gain":      {"%s gained from the %s", "%s 从%s获得能力"},
	"log_roll_applied":   {"%s applied a roll's outcome", "%s 执行了掷骰结果"},
	"log_effect_applied": {"%s applied the %s card", "%s 执行了%s的效果"},
	"log_token_removed":  {"%s: the %s token is taken off the house", "%s：%s标记从房屋中移除"},
	"log_room_emptied":   {"%s: the %s has nothing more to give", "%s：%s已无可再得"},
	"second_hint":        {"Two-player game: each player controls two explorers. Pick your second one.", "双人游戏：每名玩家控制两位探险者。请选择你的第二位。"},
	"add_second":         {"Two-player game: add a second explorer", "双人游戏：加入第二位探险者"},
	"you_play":           {"Explorers on this phone", "这部手机控制的探险者"},
	"handover":           {"Hand %s to the other player", "把 %s 交给另一名玩家"},
	"handover_hint":      {"Two-player game: you play the traitor, so %s goes to the other player. Show them the code.", "双人游戏：你控制奸徒，因此 %s 交给另一名玩家控制。请向对方出示二维码。"},
	"back":               {"Back", "返回"},
})
