package i18n

// uiNights holds the refusals of game nights: playing again, taking a game
// along (the screens' words are in views/nights_words.go).
var _ = register(map[string][2]string{
	"err_not_over":    {"The game is not over yet: play again once a side has won.", "游戏还没有结束：一方获胜后才能再玩一局。"},
	"err_next_exists": {"This game's next game has already been started.", "本局的下一局已经开始了。"},
	"err_not_next":    {"This game follows no earlier game: join it with its join code.", "这局游戏不是接着上一局开的：请用加入二维码加入。"},
	"err_bad_from":    {"That seat is not a seat of the previous game.", "这个座位不属于上一局。"},
})

// uiTakeAlong: export and import.
var _ = register(map[string][2]string{
	"err_import_damaged":    {"This file is not a Lantern game export, or it is damaged.", "这个文件不是 Lantern 导出的游戏，或者已经损坏。"},
	"err_import_newer":      {"This game comes from a newer Lantern (data version %d; this one plays version %d). Update Lantern to import it.", "这局游戏来自更新版本的 Lantern（数据版本 %d；本机为版本 %d）。请更新 Lantern 后再导入。"},
	"err_import_impossible": {"This game can't be replayed: event %d is impossible by the rules.", "这局游戏无法重放：第 %d 个事件不符合规则。"},
})

// uiMoveTable: the table on another screen.
var _ = register(map[string][2]string{
	"err_bad_host_move": {"This table-moving code is not valid any more (used or expired). Ask the table for a new one.", "此转移桌面的二维码已失效（已使用或已过期）。请在桌面上重新生成。"},
})
