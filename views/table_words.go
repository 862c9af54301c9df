package views

// tableWords are the texts of the table's screen (table.templ): the lobby, the seats, the host's
// controls and the large-type switch.
var _ = words(Words{
	"phase_to_haunt":       {"Start the haunt (skulls kill)", "开始作祟（骷髅即死亡）"},
	"phase_to_exploration": {"Back to exploration", "回到探索阶段"},
	"end_turn_for":         {"End %s's turn", "结束 %s 的回合"},
	"table_end_turn_owed":  {"%s hasn't drawn the %s card for the %s. End the turn anyway?", "%s还没有抽%[3]s的%[2]s牌。仍要结束回合吗？"},
	"table_title":          {"Table", "牌桌"},
	"lobby_title":          {"Join the game", "加入游戏"},
	"scan_to_join":         {"Scan with a phone camera to join. Everyone must be on the same Wi-Fi.", "用手机相机扫描即可加入。所有人须连接同一个 Wi-Fi。"},
	"join_qr_again":        {"Show the join code again", "再次显示加入二维码"},
	"seats_title":          {"Seats (%d of 6)", "座位（%d/6）"},
	"no_seats_yet":         {"Nobody has joined yet.", "还没有人加入。"},
	"seat_order_hint":      {"Put the seats in the order you sit, clockwise: play passes to each player's left, the next seat.", "按大家顺时针的座位排列：回合依次交给左手边的玩家，即下一个座位。"},
	"move_up":              {"Move %s up", "把 %s 上移"},
	"move_down":            {"Move %s down", "把 %s 下移"},
	"first_player":         {"First player", "起始玩家"},
	"suggested_birthday":   {"birthday soonest", "生日最近"},
	"start_game":           {"Start the game", "开始游戏"},
	"confirm_start_haunt":  {"Start the haunt now, by hand? Do this only when the book or a card says so.", "现在手动开始作祟？只有规则书或卡牌要求时才这样做。"},
	"tv_on":                {"Large type for a TV", "大字模式（电视）"},
	"tv_off":               {"Normal size", "正常大小"},
})
