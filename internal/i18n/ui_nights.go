package i18n

// uiNights holds the texts of game nights: playing again, taking a game
// along (export, import), moving the table and the house's memory.
var _ = register(map[string][2]string{
	"again":             {"Play again", "再玩一局"},
	"again_hint":        {"Same group, next game: every phone is offered a seat, its name and language kept.", "同一群人，下一局：每部手机都会收到入座邀请，名字和语言保持不变。"},
	"next_game_title":   {"The next game", "下一局"},
	"next_game_text":    {"The host started the next game. Join it as %s:", "主持人开始了下一局。以 %s 的身份加入："},
	"next_game_join_as": {"Play %s again", "再次扮演 %s"},
	"next_game_other":   {"Another explorer…", "换一位探险者…"},
	"next_game_leave":   {"Not this time (leave)", "这次不玩了（离开）"},
	"next_game_open":    {"Go to the next game", "前往下一局"},
	"next_game_started": {"The next game has started without this phone.", "下一局已经开始，这部手机没有加入。"},
	"next_game_table":   {"Open the next game's table (%s)", "打开下一局的桌面（%s）"},
	"left_title":        {"You left the game night", "你已离开本次游戏之夜"},
	"left_text":         {"Thanks for playing. This phone no longer follows the group's games.", "感谢参与。这部手机不再跟随这群人的游戏。"},

	"err_not_over":    {"The game is not over yet: play again once a side has won.", "游戏还没有结束：一方获胜后才能再玩一局。"},
	"err_next_exists": {"This game's next game has already been started.", "本局的下一局已经开始了。"},
	"err_not_next":    {"This game follows no earlier game: join it with its join code.", "这局游戏不是接着上一局开的：请用加入二维码加入。"},
	"err_bad_from":    {"That seat is not a seat of the previous game.", "这个座位不属于上一局。"},
})

// uiTakeAlong: export and import.
var _ = register(map[string][2]string{
	"take_along":            {"Take this game along (export, import)", "带走这局游戏（导出、导入）"},
	"export":                {"Export this game", "导出本局游戏"},
	"import":                {"Import a game", "导入一局游戏"},
	"import_home":           {"Bring a game from another Lantern", "从另一台 Lantern 带来一局游戏"},
	"import_file":           {"A game exported from Lantern:", "从 Lantern 导出的游戏文件："},
	"imported_title":        {"Game %s imported", "已导入游戏 %s"},
	"imported_text":         {"Each player scans the code of their own seat with their phone to take it back (each code works once, for %d minutes; later, “Move to a new phone” under a board makes a new one).", "每位玩家用手机扫描自己座位的二维码以取回座位（每个二维码只能用一次，%d 分钟内有效；之后可在桌面视图中该探险者下方点“转移到新手机”重新生成）。"},
	"imported_open_table":   {"Open the table", "打开桌面"},
	"err_import_damaged":    {"This file is not a Lantern game export, or it is damaged.", "这个文件不是 Lantern 导出的游戏，或者已经损坏。"},
	"err_import_newer":      {"This game comes from a newer Lantern (data version %d; this one plays version %d). Update Lantern to import it.", "这局游戏来自更新版本的 Lantern（数据版本 %d；本机为版本 %d）。请更新 Lantern 后再导入。"},
	"err_import_impossible": {"This game can't be replayed: event %d is impossible by the rules.", "这局游戏无法重放：第 %d 个事件不符合规则。"},
})

// uiMoveTable: the table on another screen.
var _ = register(map[string][2]string{
	"move_table":         {"Move the table to another screen", "把桌面转移到另一块屏幕"},
	"move_table_title":   {"Move the table to another screen", "把桌面转移到另一块屏幕"},
	"move_table_hint":    {"Open this code on the other screen (a TV's browser, a tablet, a phone) within %d minutes. It works once; this screen then stops being the table.", "请在 %d 分钟内在另一块屏幕（电视浏览器、平板、手机）上打开此二维码。它只能使用一次；之后这块屏幕不再是桌面。"},
	"claim_table_title":  {"Make this screen the table of game %s", "让这块屏幕成为游戏 %s 的桌面"},
	"claim_table_text":   {"This screen becomes the host's table view; the screen that shows the table now leaves it.", "这块屏幕将成为主持人的桌面视图；现在显示桌面的屏幕将离开。"},
	"claim_table_button": {"Host the table here", "在这里主持桌面"},
	"table_moved_title":  {"The table moved to another screen", "桌面已转移到另一块屏幕"},
	"table_moved_text":   {"This screen no longer hosts game %s: the table view is on the screen that scanned the code.", "这块屏幕不再主持游戏 %s：桌面视图已在扫描二维码的屏幕上。"},
	"err_bad_host_move":  {"This table-moving code is not valid any more (used or expired). Ask the table for a new one.", "此转移桌面的二维码已失效（已使用或已过期）。请在桌面上重新生成。"},
})

// uiHouseMemory: the page of game nights.
var _ = register(map[string][2]string{
	"nights_title":        {"Game nights in this house", "这座宅邸的游戏之夜"},
	"nights_none":         {"No game has been played to its end on this server yet.", "这台服务器上还没有打完的游戏。"},
	"nights_date":         {"Date", "日期"},
	"nights_explorers":    {"Explorers", "探险者"},
	"nights_winner":       {"Won", "获胜方"},
	"nights_side_heroes":  {"Heroes", "英雄"},
	"nights_side_traitor": {"Traitor", "奸徒"},
})

// uiChartPlayed: the haunt chart's marks.
var _ = register(map[string][2]string{
	"chart_played": {"Played here %d× · last %s · %s won", "本服务器上玩过 %d 次 · 最近一次 %s · %s获胜"},
})
