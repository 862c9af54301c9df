package i18n

// uiLive holds the texts of the live event stream.
var _ = register(map[string][2]string{
	"err_bad_view": {"Unknown view: ask for view=html, view=json or no view.", "未知的视图：请使用 view=html、view=json 或不指定视图。"},
})
