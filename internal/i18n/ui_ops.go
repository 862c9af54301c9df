package i18n

// uiOps holds the texts of a server's operation: a game set aside because
// its stored record is damaged, and a server that is stopping.
var _ = register(map[string][2]string{
	"err_broken_game": {
		"Game %s can't be opened: its saved record is damaged at change %d. Every other game works as usual; the host can restore it from a backup (README, Operations).",
		"游戏 %s 无法打开：它保存的记录在第 %d 项更改处已损坏。其他游戏照常可用；主持人可以从备份恢复（见 README 的“运维”一节）。",
	},
	"err_broken_game_row": {
		"Game %s can't be opened: its saved record is damaged. Every other game works as usual; the host can restore it from a backup (README, Operations).",
		"游戏 %s 无法打开：它保存的记录已损坏。其他游戏照常可用；主持人可以从备份恢复（见 README 的“运维”一节）。",
	},
	"err_impossible_state": {
		"That change would leave the game in a state the rules don't allow, so it was not made. Nothing changed; please tell the host.",
		"这项更改会让游戏进入规则不允许的状态，所以没有执行。游戏没有任何变化；请告诉主持人。",
	},
	"err_shutting_down": {
		"Lantern is stopping on the host's computer. Reload when it is running again; nothing you did was lost.",
		"主持人电脑上的 Lantern 正在停止。它重新运行后请刷新页面；你做过的操作都没有丢失。",
	},
})
