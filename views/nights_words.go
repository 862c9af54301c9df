package views

// nightsWords are the texts of game nights (nights.templ): playing again, taking a game along
// (export, import), moving the table and the house's memory.
var _ = words(Words{
	"again":               {"Play again", "再玩一局"},
	"again_hint":          {"Same group, next game: every phone is offered a seat, its name and language kept.", "同一群人，下一局：每部手机都会收到入座邀请，名字和语言保持不变。"},
	"next_game_title":     {"The next game", "下一局"},
	"next_game_text":      {"The host started the next game. Join it as %s:", "主持人开始了下一局。以 %s 的身份加入："},
	"next_game_join_as":   {"Play %s again", "再次扮演 %s"},
	"next_game_other":     {"Another explorer…", "换一位探险者…"},
	"next_game_leave":     {"Not this time (leave)", "这次不玩了（离开）"},
	"next_game_open":      {"Go to the next game", "前往下一局"},
	"next_game_started":   {"The next game has started without this phone.", "下一局已经开始，这部手机没有加入。"},
	"next_game_table":     {"Open the next game's table (%s)", "打开下一局的桌面（%s）"},
	"left_title":          {"You left the game night", "你已离开本次游戏之夜"},
	"left_text":           {"Thanks for playing. This phone no longer follows the group's games.", "感谢参与。这部手机不再跟随这群人的游戏。"},
	"take_along":          {"Take this game along (export, import)", "带走这局游戏（导出、导入）"},
	"export":              {"Export this game", "导出本局游戏"},
	"import":              {"Import a game", "导入一局游戏"},
	"import_file":         {"A game exported from Lantern:", "从 Lantern 导出的游戏文件："},
	"imported_title":      {"Game %s imported", "已导入游戏 %s"},
	"imported_text":       {"Each player scans the code of their own seat with their phone to take it back (each code works once, for %d minutes; later, “Move to a new phone” under a board makes a new one).", "每位玩家用手机扫描自己座位的二维码以取回座位（每个二维码只能用一次，%d 分钟内有效；之后可在桌面视图中该探险者下方点“转移到新手机”重新生成）。"},
	"imported_open_table": {"Open the table", "打开桌面"},
	"move_table":          {"Move the table to another screen", "把桌面转移到另一块屏幕"},
	"move_table_title":    {"Move the table to another screen", "把桌面转移到另一块屏幕"},
	"move_table_hint":     {"Open this code on the other screen (a TV's browser, a tablet, a phone) within %d minutes. It works once; this screen then stops being the table.", "请在 %d 分钟内在另一块屏幕（电视浏览器、平板、手机）上打开此二维码。它只能使用一次；之后这块屏幕不再是桌面。"},
	"claim_table_title":   {"Make this screen the table of game %s", "让这块屏幕成为游戏 %s 的桌面"},
	"claim_table_text":    {"This screen becomes the host's table view; the screen that shows the table now leaves it.", "这块屏幕将成为主持人的桌面视图；现在显示桌面的屏幕将离开。"},
	"claim_table_button":  {"Host the table here", "在这里主持桌面"},
	"table_moved_title":   {"The table moved to another screen", "桌面已转移到另一块屏幕"},
	"table_moved_text":    {"This screen no longer hosts game %s: the table view is on the screen that scanned the code.", "这块屏幕不再主持游戏 %s：桌面视图已在扫描二维码的屏幕上。"},
	"nights_title":        {"Game nights in this house", "这座宅邸的游戏之夜"},
	"nights_none":         {"No game has been played to its end on this server yet.", "这台服务器上还没有打完的游戏。"},
	"nights_date":         {"Date", "日期"},
	"nights_explorers":    {"Explorers", "探险者"},
	"nights_winner":       {"Won", "获胜方"},
	"nights_side_heroes":  {"Heroes", "英雄"},
	"nights_side_traitor": {"Traitor", "奸徒"},
	"chart_played":        {"Played here %d× · last %s · %s won", "本服务器上玩过 %d 次 · 最近一次 %s · %s获胜"},
})

// playedWords say a haunt's plays on this server, on the haunt chart:
// "Played here 2× · last 2026-12-07 20:15 · Heroes won".
func playedWords(h Head, p Played) string {
	return h.T("chart_played", p.Times, p.Last, h.T("nights_side_"+p.Winner))
}
