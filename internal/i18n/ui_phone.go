package i18n

// uiPhone holds the texts of the player page built around now: the now
// bar, the sections, the sheets, the one-line boards and the damage split.
var _ = register(map[string][2]string{
	"phone_now":             {"Now", "现在"},
	"phone_sections":        {"Sections", "分区"},
	"tab_board":             {"Board", "角色"},
	"tab_rules":             {"Rules", "规则"},
	"close":                 {"Close", "关闭"},
	"phone_haunt_chip":      {"Haunt %d", "作祟 %d"},
	"phone_traitor":         {"traitor", "奸徒"},
	"phone_cards_n":         {"%d cards", "%d 张卡"},
	"phone_cards_1":         {"1 card", "1 张卡"},
	"phone_your_roll":       {"🎲 You rolled: %s = %d", "🎲 你的掷骰：%s = %d"},
	"phone_more_log":        {"Whole log…", "全部记录…"},
	"phone_search":          {"Ask", "提问"},
	"phone_take_damage":     {"Take damage or restore a trait", "承受损伤或恢复属性"},
	"phone_split_less":      {"One less to %s", "%s 少一点"},
	"phone_split_more":      {"One more to %s", "%s 多一点"},
	"phone_split_kills":     {"This split kills you.", "这样分配你会死亡。"},
	"phone_all_to":          {"All %d to %s", "%d 点全给%s"},
	"phone_attack_real":     {"Real dice total (if you rolled them)", "实体骰子总数（如果掷了实体骰）"},
	"phone_none":            {"none", "无"},
	"phone_attack_dice":     {"With %s: %d dice, a total of 0 to %d.", "用%s：%d 颗骰子，总点数 0 到 %d。"},
	"phone_attack_with":     {"With %s and the %s: %d dice, a total of 0 to %d.", "用%s加%s：%d 颗骰子，总点数 0 到 %d。"},
	"phone_attack_pick":     {"Tap whom you attack: that rolls the attack.", "点选袭击对象即掷骰袭击。"},
	"phone_you_died":        {"You died.", "你已死亡。"},
	"phone_your_turn":       {"Your turn", "你的回合"},
	"phone_winner_choosing": {"%s won and is choosing: steal one of your cards, or deal you damage.", "%s 获胜，正在选择：偷走你的一张牌，或对你造成损伤。"},
	"phone_end_in_room":     {"Ending in the %s? Take its damage", "在%s结束回合？承受其损伤"},
	"phone_owed_card":       {"%s: draw its %s card", "%s：抽取它的%s牌"},
	"phone_draw_owed":       {"Draw the %s card", "抽%s牌"},
	"end_turn_owed":         {"The %s card for %s isn't drawn yet. End your turn without it?", "%[2]s的%[1]s牌还没有抽。仍要结束回合吗？"},
	"phone_roll":            {"Roll", "掷骰"},
	"phone_defend_quiet":    {"%s's phone is quiet?", "%s 的手机没有反应？"},
})

// Confirmations before what undo can't cheaply fix.
var _ = register(map[string][2]string{
	"confirm_start_haunt": {"Start the haunt now, by hand? Do this only when the book or a card says so.", "现在手动开始作祟？只有规则书或卡牌要求时才这样做。"},
	"confirm_heroes_won":  {"End the game: the heroes won?", "结束游戏：英雄获胜？"},
	"confirm_traitor_won": {"End the game: the traitor won?", "结束游戏：奸徒获胜？"},
})

var _ = register(map[string][2]string{
	"phone_haunt_odds": {"A total below %d starts the haunt: %s", "总数低于 %d 即开始作祟：%s"},
})

// What the player on turn is doing (game.TurnOptions.Doing), after whose turn it is.
var _ = register(map[string][2]string{
	"doing_haunt_roll":  {"owes the haunt roll", "需要进行作祟掷骰"},
	"doing_attack":      {"an attack is on", "正在袭击"},
	"doing_damage":      {"damage to take", "有损伤待承受"},
	"doing_exploring":   {"exploring", "探索中"},
	"phone_defend_dice": {"Roll %d dice of %s against %d.", "掷 %d 颗骰（%s）对抗 %d。"},
})
