package views

// joinWords are the texts of the join page (join.templ) and the pages that get a seat back to a
// phone.
var _ = words(Words{
	"join_title":            {"Join game %s", "加入游戏 %s"},
	"your_name":             {"Your name", "你的名字"},
	"language":              {"Language", "语言"},
	"pick_explorer":         {"Pick your explorer", "选择你的探险者"},
	"age":                   {"age %d", "%d 岁"},
	"taken":                 {"taken", "已被选用"},
	"join_button":           {"Sit down", "入座"},
	"second_hint":           {"Two-player game: each player controls two explorers. Pick your second one.", "双人游戏：每名玩家控制两位探险者。请选择你的第二位。"},
	"seat_moved_title":      {"This phone's seat moved to another phone", "这部手机的座位已转移到另一部手机"},
	"no_seat_started_title": {"This phone has no seat in this game", "这部手机在本局游戏中没有座位"},
	"seat_moved_text": {"Scanning the join code again won't help: the game has started. To play on this phone again, ask the host to tap “Move to a new phone” under your explorer on the table view, then scan that code with this phone.",
		"重新扫描加入二维码没有用：游戏已经开始。要在这部手机上继续玩，请主持人在桌面视图中你的探险者下方点“转移到新手机”，然后用这部手机扫描那个二维码。"},
	"late_join_help": {"Already playing and lost your seat (new phone, flat battery, cleared browser)? Ask the host to tap “Move to a new phone” under your explorer on the table view, then scan that code with this phone.",
		"已经在玩却丢了座位（换了手机、没电、清除了浏览器数据）？请主持人在桌面视图中你的探险者下方点“转移到新手机”，然后用这部手机扫描那个二维码。"},
})
