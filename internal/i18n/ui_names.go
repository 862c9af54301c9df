package i18n

// uiNames holds the refusals of a player's name and of the other texts
// every phone shows, monster kinds and the track's label (game/names.go).
var _ = register(map[string][2]string{
	"err_name_invisible":  {"A name needs at least one letter, digit or sign that shows.", "名字至少要有一个看得见的文字、数字或符号。"},
	"err_name_control":    {"Names can't contain control characters or text-direction marks.", "名字不能包含控制字符或文字方向标记。"},
	"err_name_disallowed": {"This name has a character that can't be shown safely on every phone: please type it another way.", "名字里有无法在每部手机上安全显示的字符：请换一种写法。"},
	"err_text_control":    {"This text can't contain control characters or text-direction marks.", "这段文字不能包含控制字符或文字方向标记。"},
	"err_text_disallowed": {"This text has a character that can't be shown safely on every phone: please type it another way.", "这段文字里有无法在每部手机上安全显示的字符：请换一种写法。"},
	"err_name_taken":      {"“%s” is already at the table: pick a name the others can tell apart.", "“%s”已经在座：请换一个大家能区分开的名字。"},
})
