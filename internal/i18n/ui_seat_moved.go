package i18n

// uiSeatMoved holds the texts that get a seat back to a phone: the old
// phone after its seat moved, a late scan of the join code, the claim page.
var _ = register(map[string][2]string{
	"seat_moved_title": {"This phone's seat moved to another phone", "这部手机的座位已转移到另一部手机"},
	"seat_moved_text": {"Scanning the join code again won't help: the game has started. To play on this phone again, ask the host to tap “Move to a new phone” under your explorer on the table view, then scan that code with this phone.",
		"重新扫描加入二维码没有用：游戏已经开始。要在这部手机上继续玩，请主持人在桌面视图中你的探险者下方点“转移到新手机”，然后用这部手机扫描那个二维码。"},
	"no_seat_started_title": {"This phone has no seat in this game", "这部手机在本局游戏中没有座位"},
	"late_join_help": {"Already playing and lost your seat (new phone, flat battery, cleared browser)? Ask the host to tap “Move to a new phone” under your explorer on the table view, then scan that code with this phone.",
		"已经在玩却丢了座位（换了手机、没电、清除了浏览器数据）？请主持人在桌面视图中你的探险者下方点“转移到新手机”，然后用这部手机扫描那个二维码。"},
	"claim_title_seat": {"Take over %s's seat", "接管 %s 的座位"},
	"claim_text_seat":  {"This phone will play %s (%s). The phone that plays this seat now will lose it.", "这部手机将扮演 %s（%s）。现在使用这个座位的手机将失去它。"},
})
