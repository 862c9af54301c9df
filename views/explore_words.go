package views

// exploreWords are the texts of exploring (explore.templ): discovering a room, its floor and the
// card its symbol draws, and the rooms in the house.
var _ = words(Words{
	"floor_title_upper":    {"Upper floor", "上层"},
	"floor_title_ground":   {"Ground floor", "地面层"},
	"floor_title_basement": {"Basement", "地下层"},
	"explore_title":        {"Exploring", "探险"},
	"i_discovered":         {"I discovered a room", "我发现了新房间"},
	"rooms_filter":         {"type a room's name", "输入房间名称"},
	"rooms_filter_none":    {"No room in the stack has that name.", "牌堆里没有这个名字的房间。"},
	"discovered_room":      {"You discovered the %s", "你发现了%s"},
	"discovered_draw":      {"Its symbol draws a card: tap the %s card you drew.", "房间标记要求抽牌：请点选你抽到的%s牌。"},
	"house_title":          {"The house", "大宅"},
})
