package views

// boardWords are the texts of the explorers' boards (board.templ): the trait tracks and their
// controls, and the words every section says of traits, colours and damage.
var _ = words(Words{
	"skull":           {"skull (death)", "骷髅（死亡）"},
	"trait_speed":     {"Speed", "速度"},
	"trait_might":     {"Might", "力量"},
	"trait_sanity":    {"Sanity", "神志"},
	"trait_knowledge": {"Knowledge", "知识"},
	"trait_aria":      {"%s %d, position %d of 8", "%s %d，第 %d 格（共 8 格）"},
	"overflow_hint":   {"Gains past the top, lost first", "超出上限的部分，下降时先扣除"},
	"step_down":       {"%s down one", "%s 降一级"},
	"step_up":         {"%s up one", "%s 升一级"},
	"set_to":          {"Set %s to %d (position %d)", "把%s设为 %d（第 %d 格）"},
	"colour_red":      {"red", "红色"},
	"colour_yellow":   {"yellow", "黄色"},
	"colour_green":    {"green", "绿色"},
	"colour_blue":     {"blue", "蓝色"},
	"colour_white":    {"white", "白色"},
	"colour_purple":   {"purple", "紫色"},
	"cause_physical":  {"physical damage", "肉体损伤"},
	"cause_mental":    {"mental damage", "精神损伤"},
	"cause_restore":   {"restored", "回复"},
})
