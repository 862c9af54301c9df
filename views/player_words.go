package views

// playerWords are the texts of a seat's page (player.templ, player_model.go): the now bar, the
// sections and tabs, the sheets, the one-line boards, the damage split and
// the two-player variant.
var _ = words(Words{
	"home":                  {"Home", "首页"},
	"faq":                   {"FAQ", "常见问题"},
	"turn_of":               {"%s's turn", "轮到 %s"},
	"dead":                  {"dead", "已死亡"},
	"host":                  {"host", "主持人"},
	"others":                {"The other explorers", "其他探险者"},
	"waiting_for_start":     {"You're seated. The game starts when the host presses Start.", "你已入座。主持人按下“开始”后游戏开始。"},
	"take_damage_physical":  {"Take physical damage", "承受肉体损伤"},
	"take_damage_mental":    {"Take mental damage", "承受精神损伤"},
	"take":                  {"Take", "承受"},
	"restore":               {"Restore %s to its starting value", "把%s回复至基本值"},
	"end_turn":              {"End my turn", "结束我的回合"},
	"undo":                  {"Undo: %s", "撤销：%s"},
	"qr_alt":                {"QR code to join the game", "加入游戏的二维码"},
	"move_to_new_phone":     {"Move to a new phone", "转移到新手机"},
	"back_to_table":         {"Back to the table", "返回牌桌"},
	"claim_text":            {"This phone will take over the seat; the old phone will lose it.", "这部手机将接管该座位；旧手机将失去它。"},
	"add_second":            {"Two-player game: add a second explorer", "双人游戏：加入第二位探险者"},
	"you_play":              {"Explorers on this phone", "这部手机控制的探险者"},
	"handover":              {"Hand %s to the other player", "把 %s 交给另一名玩家"},
	"handover_hint":         {"Two-player game: you play the traitor, so %s goes to the other player. Show them the code.", "双人游戏：你控制奸徒，因此 %s 交给另一名玩家控制。请向对方出示二维码。"},
	"back":                  {"Back", "返回"},
	"attack_way_with":       {"%s with the %s", "%s加%s"},
	"attack_way_ranged":     {"%s with the %s, from another room", "%s加%s，从另一个房间"},
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
	"phone_haunt_odds":      {"A total below %d starts the haunt: %s", "总数低于 %d 即开始作祟：%s"},
	"doing_haunt_roll":      {"owes the haunt roll", "需要进行作祟掷骰"},
	"doing_attack":          {"an attack is on", "正在袭击"},
	"doing_damage":          {"damage to take", "有损伤待承受"},
	"doing_exploring":       {"exploring", "探索中"},
	"phone_defend_dice":     {"Roll %d dice of %s against %d.", "掷 %d 颗骰（%s）对抗 %d。"},
})

// traitShort are the one- or two-letter trait names of a one-line board.
var traitShort = map[string][2]string{
	"might": {"Mi", "力"}, "speed": {"Sp", "速"}, "sanity": {"Sa", "神"}, "knowledge": {"Kn", "知"},
}

// traitShortWords is a trait's short name on a one-line board.
func traitShortWords(h Head, trait string) string {
	if h.Lang == "zh" {
		return traitShort[trait][1]
	}
	return traitShort[trait][0]
}
