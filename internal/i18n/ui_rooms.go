package i18n

// uiRooms holds the texts of exploring: discovering a room, its floor and
// the card its symbol draws, and the rooms in the house.
var _ = register(map[string][2]string{
	"explore_title":         {"Exploring", "探险"},
	"i_discovered":          {"I discovered a room", "我发现了新房间"},
	"rooms_filter":          {"type a room's name", "输入房间名称"},
	"rooms_filter_none":     {"No room in the stack has that name.", "牌堆里没有这个名字的房间。"},
	"discovered_room":       {"You discovered the %s", "你发现了%s"},
	"discovered_draw":       {"Its symbol draws a card: tap the %s card you drew.", "房间标记要求抽牌：请点选你抽到的%s牌。"},
	"deck_omen":             {"Omen", "预兆"},
	"log_room_discovered":   {"%s discovered the %s (%s)", "%s 发现了%s（%s）"},
	"house_title":           {"The house", "大宅"},
	"undo_omen":             {"the %s drawn in the %s", "在%[2]s翻出的%[1]s"},
	"undo_omen_roll":        {"the %s drawn in the %s, and the haunt roll it owes", "在%[2]s翻出的%[1]s，以及它带来的作祟掷骰"},
	"log_haunt_reselected":  {"The host selected another haunt: %d, %s", "主持人另选了故事：%d，%s"},
	"err_room_in_house":     {"%s is already in the house.", "%s 已经在大宅中了。"},
	"err_room_floor_needed": {"%s fits more than one floor: say which floor it goes on.", "%s 可放在多个楼层：请选择放在哪一层。"},
	"err_room_floor":        {"%s can't go on that floor.", "%s 不能放在这一层。"},
})
