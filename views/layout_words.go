package views

// layoutWords are the texts of every page's frame (layout.templ): the header, the status line, the
// home page, and the comfort notices (wake lock, sound).
var _ = words(Words{
	"other_lang":          {"中文", "English"},
	"reconnecting":        {"Reconnecting…", "正在重新连接…"},
	"tap_not_sent":        {"Not sent: the phone is offline. Tap again once it is back.", "未发送：手机已离线。恢复连接后请再点一次。"},
	"home_title":          {"Lantern", "Lantern 灯笼"},
	"home_intro":          {"A companion for Betrayal at House on the Hill: every phone tracks its explorer's traits, the table screen shows everyone's board.", "《山中小屋的背叛》桌边助手：每部手机记录自己探险者的能力，桌面屏幕显示所有人的人物牌。"},
	"create_game":         {"Create a game", "创建游戏"},
	"home_join_hint":      {"Joining? Scan the QR code on the table screen with your phone's camera.", "要加入？用手机相机扫描桌面屏幕上的二维码。"},
	"game_code":           {"Game code", "游戏代码"},
	"your_games":          {"Back to your game", "回到你的游戏"},
	"phase_over":          {"The game is over", "游戏结束"},
	"phase_lobby":         {"Waiting for players", "等待玩家"},
	"phase_exploration":   {"Exploring the house", "探索大屋"},
	"phase_haunt":         {"The haunt", "作祟"},
	"comfort_sound":       {"Sounds", "提示音"},
	"comfort_sound_title": {"Sounds when someone acts on you or the haunt begins (off by default)", "有人对你行动或作祟开始时播放提示音（默认关闭）"},
	"comfort_wake_title":  {"Your screen may go dark during the game.", "游戏中屏幕可能会自动熄灭。"},
	"comfort_dismiss":     {"Got it", "知道了"},
	"import_home":         {"Bring a game from another Lantern", "从另一台 Lantern 带来一局游戏"},
	"comfort_manifest_description": {
		"Table companion for Betrayal at House on the Hill: traits, dice, omens and the haunt on every phone.",
		"《山中小屋的背叛》桌边助手：每部手机上的能力、骰子、预兆与作祟。",
	},
	"comfort_tls_join": {
		"Lantern uses its own certificate on this network, so your browser warned you once before opening this page. That is expected: the connection is encrypted, and this address won't warn again on this phone.",
		"Lantern 在本地网络上使用自己签发的证书，所以浏览器在打开本页前警告过一次。这是正常的：连接已加密，此手机再访问这个地址时不会再警告。",
	},
	"comfort_tls_table": {
		"HTTPS is on. Each phone shows a one-time warning about Lantern's own certificate: Chrome: “Advanced” → “Proceed”; Safari: “Show Details” → “visit this website”.",
		"已启用 HTTPS。每部手机会对 Lantern 自签发的证书显示一次警告：Chrome：“高级” → “继续前往”；Safari：“显示详细信息” → “访问此网站”。",
	},
	"comfort_wake_fallback": {
		"Meanwhile, set a longer screen timeout in the phone's settings (iPhone: Display & Brightness → Auto-Lock; Android: Display → Screen timeout). Lantern catches up by itself when the phone wakes.",
		"你也可以在手机设置里把自动锁屏时间调长（iPhone：显示与亮度 → 自动锁定；Android：显示 → 屏幕超时）。手机唤醒后 Lantern 会自动同步。",
	},
	"comfort_wake_insecure": {
		"Browsers keep the screen on only for secure (HTTPS) pages, and this one is plain HTTP. The host can start Lantern with HTTPS (lantern -tls); the phone then shows a one-time certificate warning.",
		"浏览器只为安全（HTTPS）页面保持屏幕常亮，而本页面是普通 HTTP。主持人可以用 HTTPS 启动 Lantern（lantern -tls）；之后手机会显示一次证书警告。",
	},
	"comfort_wake_refused": {
		"This browser would not keep the screen on (it may be too old, or battery saver is on).",
		"此浏览器未能保持屏幕常亮（可能版本过旧，或开启了省电模式）。",
	},
})
