package i18n

func init() {
	for k, v := range uiBox {
		messages[k] = v
	}
}

// uiBox holds the texts of search and the card, room and rule pages.
var uiBox = map[string][2]string{
	"search":                   {"Search", "搜索"},
	"search_title":             {"Search cards, rooms and rules", "搜索卡牌、房间和规则"},
	"search_placeholder":       {"Search cards, rooms and rules (e.g. dog, 保险库)", "搜索卡牌、房间和规则（如 dog、保险库）"},
	"search_short_placeholder": {"Search… dog / 狗", "搜索… 狗 / dog"},
	"search_short":             {"Type at least two letters (or one Chinese character).", "请至少输入两个字母（或一个汉字）。"},
	"search_none":              {"Nothing found for “%s”.", "没有找到“%s”。"},
	"box_title":                {"Everything in the box", "盒中所有内容"},
	"kind_card":                {"card", "卡牌"},
	"kind_room":                {"room", "房间"},
	"kind_rule":                {"rule", "规则"},
	"group_rule":               {"Rules", "规则"},
	"group_omen":               {"Omens", "预兆牌"},
	"group_item":               {"Items", "物品牌"},
	"group_event":              {"Events", "事件牌"},
	"group_room":               {"Rooms", "房间"},
	"related":                  {"See also", "另见"},
	"source_note":              {"Sources and rulings", "资料来源与裁定"},
	"on_gain":                  {"When gained", "获得时"},
	"on_lose":                  {"When lost", "失去时"},
	"weapon":                   {"Weapon", "武器"},
	"weapon_dice":              {"%s attack, +%d dice (only when attacking)", "%s攻击，+%d 颗骰子（仅在攻击时）"},
	"tradeable":                {"Can be traded", "可以交易"},
	"droppable":                {"Can be dropped", "可以丢弃"},
	"stealable":                {"Can be stolen", "可以被偷"},
	"discard_after_use":        {"Discard after use", "使用后丢弃"},
	"yes":                      {"yes", "是"},
	"no":                       {"no", "否"},
	"roll_dice_n":              {"Roll %d dice", "掷 %d 颗骰子"},
	"roll_trait_label":         {"%s roll", "%s考验"},
	"floors":                   {"Floors", "楼层"},
	"floor_upper":              {"upper", "上层"},
	"floor_ground":             {"ground", "地面层"},
	"floor_basement":           {"basement", "地下层"},
	"symbols":                  {"Card symbols", "卡牌标记"},
	"symbol_omen":              {"omen", "预兆"},
	"symbol_item":              {"item", "物品"},
	"symbol_event":             {"event", "事件"},
	"once_gain":                {"Once per explorer", "每名探险者一次"},
	"end_turn_damage":          {"Ending your turn here", "在此结束回合"},
}
